import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseExchangeRates } from '../../src/money/index.js';
import { dkkConversion, dkkRateFacts, invoiceDkkAmounts } from '../../src/vat/index.js';
import { variant } from '../invoice/_samples.js';
import { rateWords } from '../../src/report/figures/index.js';
import { getLocale } from '../../src/locale/index.js';

// Which rate takes a USD invoice to DKK. One that charges VAT states its VAT in DKK at its own
// usd_dkk_rate (the service's), and the books hold what it says. One without VAT (reverse charge,
// outside the scope) states nothing in DKK: its box B / C figure is converted at the latest
// published rate on the day its VAT became chargeable (momsbekendtgørelsen § 97, stk. 4), from
// the rates file when one is given; its own rate only without one. Found by an outside audit: a
// reverse-charged USD invoice went to box B at the service's monthly rate, 3.65 kr. off here.

const rates = parseExchangeRates(readFileSync(new URL('../../samples/rates/sample-ecb-rates-2026.csv', import.meta.url), 'utf8'), 'sample-ecb-rates-2026.csv');

/** The reverse-charge sample (DE business, period to 31 Oct, issued 3 Nov, 1,328.55) in USD at the service's 6.8512. */
const reverseCharged = () => variant('../vat-treatments/eu-reverse-charge-2026-10.json', (j) => Object.assign(j, { currency: 'USD', usd_dkk_rate: '6.8512' }));

describe('the rate a USD invoice is converted to DKK at', () => {
  it('without VAT: the rates file\'s rate of the chargeable day (the period\'s end), not the invoice\'s own', () => {
    const invoice = reverseCharged();
    expect(invoice.vat_cents).toBe(0);
    const conversion = dkkConversion(invoice, rates);
    // The file's 30 October row (31 October, a Saturday, has none): 7.4607 DKK and 1.0894 USD per EUR.
    expect(dkkRateFacts(conversion)).toMatchObject({ source: 'ecb', dkk: '7.4607', per: '1.0894', rate_date: '2026-10-30', chargeable_date: '2026-10-31' });
    // 132,855 cents × 7.4607 / 1.0894 = 909,851.0… øre; at 6.8512 it would have been 910,216.
    expect(invoiceDkkAmounts(invoice, conversion)).toEqual({ net: 909851, vat: 0, total: 909851 });
  });

  it('without VAT and without a rates file (or its day): the invoice\'s own rate, said as such', () => {
    const invoice = reverseCharged();
    expect(dkkRateFacts(dkkConversion(invoice))).toMatchObject({ source: 'invoice', dkk: '6.8512', per: '1' });
    expect(invoiceDkkAmounts(invoice, dkkConversion(invoice))).toEqual({ net: 910216, vat: 0, total: 910216 });
    const early = parseExchangeRates('Date,USD,DKK,\n2026-12-01,1.0900,7.4600,\n', 'late.csv');
    // Said: which day the file lacks, and why, beside the rate taken.
    const facts = dkkRateFacts(dkkConversion(invoice, early))!;
    expect(facts).toMatchObject({ source: 'invoice', dkk: '6.8512', chargeable_date: '2026-10-31', rates_file: 'late.csv', missing: { code: 'none_in_days_before' } });
    const words = rateWords(facts, getLocale('en')).note;
    expect(words).toContain("The invoice's own USD/DKK rate (usd_dkk_rate) 6.8512");
    expect(words).toContain("It has no VAT, so the rates file's rate for the day its VAT became chargeable would convert it; this one is taken instead.");
  });

  it('with VAT: its own rate, the one its VAT in DKK is stated at, though a rates file is given', () => {
    const invoice = variant('../vat-treatments/usd-vat-with-rate-2026-10.json', () => {});
    expect(invoice.vat_cents).not.toBe(0);
    expect(dkkRateFacts(dkkConversion(invoice, rates))).toMatchObject({ source: 'invoice', dkk: invoice.usd_dkk_rate!.toFixed(), per: '1' });
  });
});
