import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { EU_MEMBER_STATES, countryCode, isEuMemberState, vatNumberCountry } from '../../src/vat/index.js';

// The 27 member states as the EU lists them (europa.eu, "EU countries"), with Greece's VAT prefix EL.
const MEMBERS = 'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE'.split(' ');

describe('EU member states', () => {
  it('has exactly the 27, each with its alpha-3 code and VAT prefix', () => {
    expect(EU_MEMBER_STATES.map((s) => s.code).sort()).toEqual([...MEMBERS].sort());
    for (const s of EU_MEMBER_STATES) expect(s.vatPrefix).toBe(s.code === 'GR' ? 'EL' : s.code);
    expect(isEuMemberState('GB')).toBe(false);
    expect(isEuMemberState('NO')).toBe(false);
    expect(isEuMemberState('AX')).toBe(false); // Åland: outside the EU's VAT territory
  });

  it('reads every member state by its Danish, English and own-language names and its codes', () => {
    const written: Array<[string, string]> = [
      ['Østrig', 'AT'], ['Österreich', 'AT'], ['Belgien', 'BE'], ['België', 'BE'], ['Belgique', 'BE'], ['Bulgarien', 'BG'], ['България', 'BG'],
      ['Kroatien', 'HR'], ['Hrvatska', 'HR'], ['Cypern', 'CY'], ['Κύπρος', 'CY'], ['Kıbrıs', 'CY'], ['Tjekkiet', 'CZ'], ['Czech Republic', 'CZ'],
      ['Česká republika', 'CZ'], ['Česko', 'CZ'], ['Danmark', 'DK'], ['Denmark', 'DK'], ['Estland', 'EE'], ['Eesti', 'EE'], ['Suomi', 'FI'],
      ['Frankrig', 'FR'], ['France', 'FR'], ['Tyskland', 'DE'], ['Deutschland', 'DE'], ['Grækenland', 'GR'], ['Ελλάδα', 'GR'], ['Hellas', 'GR'],
      ['Ungarn', 'HU'], ['Magyarország', 'HU'], ['Irland', 'IE'], ['Éire', 'IE'], ['Italien', 'IT'], ['Italia', 'IT'], ['Letland', 'LV'],
      ['Latvija', 'LV'], ['Litauen', 'LT'], ['Lietuva', 'LT'], ['Luxembourg', 'LU'], ['Lëtzebuerg', 'LU'], ['Luxemburg', 'LU'], ['Malta', 'MT'],
      ['Nederlandene', 'NL'], ['Holland', 'NL'], ['The Netherlands', 'NL'], ['Nederland', 'NL'], ['Polen', 'PL'], ['Polska', 'PL'],
      ['Portugal', 'PT'], ['Rumænien', 'RO'], ['România', 'RO'], ['Slovakiet', 'SK'], ['Slovensko', 'SK'], ['Slovenien', 'SI'],
      ['Slovenija', 'SI'], ['Spanien', 'ES'], ['España', 'ES'], ['Sverige', 'SE'], ['Sweden', 'SE'],
      // case, accents, spaces and codes
      ['DANMARK', 'DK'], ['  danmark ', 'DK'], ['Osterreich', 'AT'], ['dk', 'DK'], ['DNK', 'DK'], ['EL', 'GR'], ['grc', 'GR'], ['ESP', 'ES'],
    ];
    for (const [text, code] of written) expect(countryCode(text), text).toBe(code);
    for (const s of EU_MEMBER_STATES) for (const name of s.names) expect(countryCode(name), name).toBe(s.code);
  });

  it("agrees with CLDR's Danish and English names of every member state", () => {
    const require = createRequire(import.meta.url);
    for (const lang of ['da', 'en']) {
      const names = (require(`i18n-iso-countries/langs/${lang}.json`) as { countries: Record<string, string | string[]> }).countries;
      for (const code of MEMBERS) for (const name of [names[code]!].flat()) expect(countryCode(name), `${lang} ${name}`).toBe(code);
    }
  });

  it('maps other countries to ISO 3166-1 alpha-2 and refuses what names none or several', () => {
    const written: Array<[string, string | undefined]> = [
      ['United Kingdom', 'GB'], ['Storbritannien', 'GB'], ['UK', 'GB'], ['GBR', 'GB'], ['Norge', 'NO'], ['Norway', 'NO'], ['Schweiz', 'CH'],
      ['Suisse', 'CH'], ['USA', 'US'], ['U.S.A.', 'US'], ['United States of America', 'US'], ['Færøerne', 'FO'], ['Grønland', 'GL'],
      ['Island', 'IS'], ['Japan', 'JP'], ['Atlantis', undefined], ['', undefined], ['Congo', undefined], ['XX', undefined],
      // The UK's four countries, which ISO 3166-1 does not list, as buyers write them.
      ['England', 'GB'], ['Skotland', 'GB'], ['Wales', 'GB'], ['Northern Ireland', 'GB'], ['Nord-Irland', 'GB'], ['Nordirland', 'GB'], ['Écosse', 'GB'],
    ];
    for (const [text, code] of written) expect(countryCode(text), text).toBe(code);
  });
});

describe('VAT number prefixes', () => {
  it('names the member state (EL = Greece) or the non-EU country, or nothing', () => {
    expect(vatNumberCountry('DK41234567')).toEqual({ prefix: 'DK', country: 'DK', eu: true });
    expect(vatNumberCountry('el 094014201')).toEqual({ prefix: 'EL', country: 'GR', eu: true });
    expect(vatNumberCountry('ATU12345678')).toEqual({ prefix: 'AT', country: 'AT', eu: true });
    expect(vatNumberCountry('GB123456789')).toEqual({ prefix: 'GB', country: 'GB', eu: false });
    expect(vatNumberCountry('XI123456789')).toEqual({ prefix: 'XI', country: 'GB', eu: false });
    expect(vatNumberCountry('CHE-123.456.789 MWST')).toEqual({ prefix: 'CHE', country: 'CH', eu: false });
    expect(vatNumberCountry('123456789')).toBeUndefined();
    expect(vatNumberCountry('US123456789')).toBeUndefined();
    expect(vatNumberCountry('')).toBeUndefined();
  });
});
