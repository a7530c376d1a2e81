// The books' small parts, by hand: VAT periods (momsloven § 57, stk. 2-4), the journal's text
// cells (RFC 4180 quoting; never a spreadsheet formula) and the `books` section of the run config.
import { describe, expect, it } from 'vitest';
import { vatPeriodOf } from '../../src/runner/_vat-period.js';
import { csvText } from '../../src/runner/_journal-csv.js';
import { booksSettings } from '../../src/runner/books-config.js';
import { parseRunConfig } from '../../src/runner/config.js';
import { RunConfigError } from '../../src/runner/config-error.js';

describe('vatPeriodOf', () => {
  it.each([
    ['2026-11-03', 'month', '2026-11', '2026-11-01', '2026-11-30'],
    ['2028-02-29', 'month', '2028-02', '2028-02-01', '2028-02-29'],
    ['2026-10-01', 'quarter', '2026-Q4', '2026-10-01', '2026-12-31'],
    ['2026-03-31', 'quarter', '2026-Q1', '2026-01-01', '2026-03-31'],
    ['2026-06-30', 'half_year', '2026-H1', '2026-01-01', '2026-06-30'],
    ['2026-07-01', 'half_year', '2026-H2', '2026-07-01', '2026-12-31'],
  ] as const)('%s in a %s is %s (%s – %s)', (date, length, period, from, to) => {
    expect(vatPeriodOf(date, length)).toEqual({ period, from, to });
  });
});

describe('csvText', () => {
  it('keeps a cell that a spreadsheet would run as a formula as text', () => {
    expect(csvText('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvText('+45 1234')).toBe("'+45 1234");
    expect(csvText('-1')).toBe("'-1");
    expect(csvText('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvText('\tx')).toBe("'\tx");
  });

  it('quotes per RFC 4180 only where needed', () => {
    expect(csvText('Faktura 2026-0142')).toBe('Faktura 2026-0142');
    expect(csvText('Rhein "Daten", GmbH')).toBe('"Rhein ""Daten"", GmbH"');
    expect(csvText('a\r\nb')).toBe('"a\r\nb"');
  });
});

describe('books in the run config', () => {
  const base = { base_url: 'https://reporting.example.com', organizations: [{ org_id: 'org-a', name: 'A ApS', token_env: 'A_TOKEN' }] };
  const pathOf = (books: unknown) => {
    try {
      parseRunConfig({ ...base, books }, 'runs.json');
    } catch (e) {
      expect(e).toBeInstanceOf(RunConfigError);
      return (e as RunConfigError).path;
    }
    return undefined;
  };

  it('fills what is not given with the standard chart\'s accounts, our VAT codes and the quarter', () => {
    const parsed = parseRunConfig({ ...base, books: { accounts: { debtors: '5600' }, vat_period: 'month' } });
    expect(booksSettings(parsed.books)).toEqual({
      accounts: { debtors: '5600', revenue_domestic: '1010', revenue_eu_services: '1150', revenue_outside_eu: '1200', output_vat: '7680' },
      vat_codes: { domestic: 'U25', eu_services: 'UEUY', outside_eu: 'UY0' },
      vat_period: 'month',
    });
    expect(booksSettings(undefined).vat_period).toBe('quarter');
  });

  it('refuses a bad field by its name', () => {
    expect(pathOf({ accounts: { debtors: '=SUM(A1)' } })).toBe('books.accounts.debtors');
    expect(pathOf({ vat_codes: { domestic: '' } })).toBe('books.vat_codes.domestic');
    expect(pathOf({ vat_period: 'year' })).toBe('books.vat_period');
    expect(pathOf({ accounts: { bank: '5820' } })).toBe('books.accounts.bank');
    expect(pathOf({ accounts: { revenue_domestic: '1010' } })).toBeUndefined();
  });
});
