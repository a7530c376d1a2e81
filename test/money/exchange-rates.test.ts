// Exchange rates read in the formats their issuers publish, and the rate a date takes: the
// latest published on or before it (momsbekendtgørelsen § 97, stk. 4), never a guess.
// Expected figures are the files' own, divided by hand.
import { describe, expect, it } from 'vitest';
import { Decimal } from 'decimal.js';
import { ExchangeRatesError, isPublishedRate, parseExchangeRates, type MissingRate, type PublishedRate } from '../../src/money/index.js';

// The ECB's eurofxref-hist.csv layout: newest first, a trailing comma, N/A where none was set.
const ECB = `Date,USD,JPY,BGN,CYP,CZK,DKK,GBP,
2026-11-03,1.0873,164.12,1.9558,N/A,24.331,7.4604,0.8397,
2026-11-02,1.0860,163.90,1.9558,N/A,24.302,7.4608,0.8391,
2026-10-30,1.0851,N/A,1.9558,N/A,24.290,7.4610,0.8385,
2026-10-29,1.0842,163.10,1.9558,N/A,24.280,7.4611,0.8380,
`;
// The daily eurofxref.csv: spaces after the commas, a date in words.
const ECB_DAILY = `Date, USD, JPY, DKK, 
3 November 2026, 1.0873, 164.12, 7.4604, 
`;
// Danmarks Nationalbank's feed (Danish: decimal comma), DKK per 100 units; '-' where none.
const NB_XML = `<?xml version="1.0" encoding="ISO-8859-1"?>
<exchangerates type="Valutakurser" author="Danmarks Nationalbank" refcur="DKK" refamt="1">
  <dailyrates id="2026-11-03">
    <currency code="USD" desc="Amerikanske dollar" rate="686,15" />
    <currency code="EUR" desc="Euro" rate="746,04" />
    <currency code="RUB" desc="Russiske rubler" rate="-" />
  </dailyrates>
  <dailyrates id="2026-11-02">
    <currency code="USD" desc="Amerikanske dollar" rate="687,02" />
    <currency code="EUR" desc="Euro" rate="746,08" />
  </dailyrates>
</exchangerates>`;
// Statbank DNVALD with codes (the API's BULK export): KBH rows are the rates; '..' where none.
const STATBANK = `VALUTA;KURTYP;TID;INDHOLD
USD;KBH;2026M11D03;686.1500
EUR;KBH;2026M11D03;746.0400
USD;TT3;2026M11D03;0.1200
USD;KBH;2026M11D02;..
EUR;KBH;2026M11D02;746.0800
`;

const rate = (r: PublishedRate | MissingRate): PublishedRate => {
  if (!isPublishedRate(r)) throw new Error(`no rate: ${r.message}`);
  return r;
};

describe('the ECB\'s euro reference rates (per 1 EUR)', () => {
  const ecb = parseExchangeRates(ECB, 'eurofxref-hist.csv');

  it('gives DKK per EUR from the DKK column, and DKK per USD as DKK over USD (VAT Directive art. 91(2))', () => {
    expect(ecb.source).toBe('ecb');
    expect(ecb.currencies).toEqual(['BGN', 'CZK', 'EUR', 'GBP', 'JPY', 'USD']);
    const eur = rate(ecb.rateOn('EUR', '2026-11-03'));
    expect([eur.dkk.toString(), eur.per.toString(), eur.rate.toString(), eur.date]).toEqual(['7.4604', '1', '7.4604', '2026-11-03']);
    const usd = rate(ecb.rateOn('USD', '2026-11-03'));
    expect([usd.dkk.toString(), usd.per.toString()]).toEqual(['7.4604', '1.0873']);
    // 7.4604 / 1.0873 = 6.8613997977…, worked out with Python's decimal module.
    expect(new Decimal(usd.rate.toString()).toDecimalPlaces(10).toString()).toBe('6.8613997977');
  });

  it('takes a weekend\'s rate from the Friday before, and passes over N/A', () => {
    expect(rate(ecb.rateOn('USD', '2026-11-01')).date).toBe('2026-10-30');
    // JPY was not set on 30 October: 1 November takes the 29th's.
    expect(rate(ecb.rateOn('JPY', '2026-11-01')).date).toBe('2026-10-29');
    expect(rate(ecb.rateOn('CZK', '2026-11-02')).date).toBe('2026-11-02');
  });

  it('says why a date has no rate: after the file\'s last day, before its first, a currency it lacks', () => {
    const after = ecb.rateOn('USD', '2026-11-04') as MissingRate;
    expect([after.code, after.lastDay]).toEqual(['file_ends_before', '2026-11-03']);
    expect(after.message).toBe('eurofxref-hist.csv ends on 2026-11-03, before 2026-11-04: the rate published on 2026-11-04 is not in it');
    expect((ecb.rateOn('USD', '2026-10-20') as MissingRate).code).toBe('none_in_days_before');
    expect((ecb.rateOn('CYP', '2026-11-03') as MissingRate).code).toBe('currency_not_published');
    expect((ecb.rateOn('NOK', '2026-11-03') as MissingRate).code).toBe('currency_not_published');
  });

  it('reads the daily file too', () => {
    const daily = parseExchangeRates(ECB_DAILY, 'eurofxref.csv');
    expect(rate(daily.rateOn('USD', '2026-11-03')).dkk.toString()).toBe('7.4604');
    expect(rate(daily.rateOn('USD', '2026-11-03')).per.toString()).toBe('1.0873');
  });
});

describe('Danmarks Nationalbank\'s rates (DKK per 100 units)', () => {
  it('reads its XML, decimal comma or point, several days, and a \'-\' as no rate', () => {
    const nb = parseExchangeRates(NB_XML, 'currencyrates.xml');
    expect(nb.source).toBe('nationalbank');
    const usd = rate(nb.rateOn('USD', '2026-11-03'));
    expect([usd.dkk.toString(), usd.per.toString(), usd.rate.toString()]).toEqual(['686.15', '100', '6.8615']);
    expect(rate(nb.rateOn('EUR', '2026-11-02')).rate.toString()).toBe('7.4608');
    expect((nb.rateOn('RUB', '2026-11-03') as MissingRate).code).toBe('currency_not_published');
    const english = parseExchangeRates(NB_XML.replace(/rate="(\d+),(\d+)"/g, 'rate="$1.$2"'), 'rates.xml');
    expect(rate(english.rateOn('USD', '2026-11-03')).rate.toString()).toBe('6.8615');
  });

  it('reads its Statbank CSV (DNVALD, codes), only the exchange rates (KURTYP KBH)', () => {
    const sb = parseExchangeRates(STATBANK, 'DNVALD.csv');
    expect(rate(sb.rateOn('USD', '2026-11-03')).rate.toString()).toBe('6.8615');
    // '..' on 2 November: the 3rd is after it, so the 2nd takes nothing from a later day.
    expect((sb.rateOn('USD', '2026-11-02') as MissingRate).code).toBe('none_in_days_before');
    expect(rate(sb.rateOn('EUR', '2026-11-02')).rate.toString()).toBe('7.4608');
  });
});

describe('a file that is no rates file, or has a line that is no rate', () => {
  const refused = (text: string, name = 'rates.csv'): string => {
    try {
      parseExchangeRates(text, name);
    } catch (e) {
      expect(e).toBeInstanceOf(ExchangeRatesError);
      return (e as Error).message;
    }
    throw new Error('not refused');
  };

  it('names the file and the line', () => {
    expect(refused('hello world\n')).toMatch(/^rates\.csv: not a rates file svc reads/);
    expect(refused('Date,USD,GBP,\n2026-11-03,1.08,0.84,\n')).toBe('rates.csv line 1: the ECB rates have no DKK column, so no rate to DKK can be read from them');
    expect(refused('Date,USD,DKK,\n2026-11-03,1.08,7.46,\n2026-11-31,1.08,7.46,\n')).toBe('rates.csv line 3: "2026-11-31" is not a date (YYYY-MM-DD)');
    expect(refused('Date,USD,DKK,\n2026-11-03,1,08,7.46,\n2026-11-02,abc,7.46,\n')).toBe('rates.csv line 3: USD "abc" is not a rate (a positive decimal number, or N/A)');
    expect(refused('<exchangerates refcur="EUR"><dailyrates id="2026-11-03"><currency code="USD" rate="1,08"/></dailyrates></exchangerates>', 'x.xml')).toBe('x.xml: the rates are in EUR, not DKK (refcur)');
    expect(refused('VALUTA;KURTYP;TID;INDHOLD\nUS dollar;KBH;2026M11D03;686,15\n')).toMatch(/^rates\.csv line 2: VALUTA "US dollar" is not a currency code/);
  });
});
