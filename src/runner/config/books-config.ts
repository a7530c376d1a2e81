import { z } from 'zod';

/** zod's type error: `missing` when the field is absent, else what it should be. */
function expected(what: string) {
  return (issue: { input?: unknown }) => (issue.input === undefined ? `missing (${what})` : `must be ${what}`);
}

// An account number or a VAT code as a bookkeeping system takes it: letters, digits, `.`, `-`,
// `_`, starting with a letter or digit, so no cell of the journal can start a spreadsheet formula.
const code = (what: string) =>
  z
    .string({ error: expected(what) })
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,19}$/, { error: `must be ${what}: 1 to 20 letters, digits, ".", "-" or "_", starting with a letter or digit` });

const account = code('an account number, e.g. "1010"');
const vatCode = code('a VAT code, e.g. "U25"');

/**
 * Where the run's postings go (`books` in the run config). Every field is optional; the defaults
 * are the accounts of the public standard chart of accounts (standardkontoplan) of Erhvervsstyrelsen
 * and Skattestyrelsen: 6190 Tilgodehavender fra salg og tjenesteydelser, 1010 Salg af varer og
 * ydelser, 1150 Salg af ydelser udland, EU, 1200 Salg af ydelser udland, ikke-EU, 7680 Salgsmoms.
 */
export const BooksConfigSchema = z.strictObject(
  {
    accounts: z
      .strictObject(
        {
          debtors: account.optional(),
          revenue_domestic: account.optional(),
          revenue_eu_services: account.optional(),
          revenue_outside_eu: account.optional(),
          output_vat: account.optional(),
        },
        { error: expected('an object of account numbers') },
      )
      .optional(),
    vat_codes: z
      .strictObject(
        { domestic: vatCode.optional(), eu_services: vatCode.optional(), outside_eu: vatCode.optional() },
        { error: expected('an object of VAT codes') },
      )
      .optional(),
    vat_period: z.enum(['month', 'quarter', 'half_year'], { error: 'must be "month", "quarter" or "half_year" (momsloven § 57, stk. 2-4)' }).optional(),
  },
  { error: expected('an object with accounts, vat_codes and vat_period') },
);

export type BooksConfig = z.infer<typeof BooksConfigSchema>;

/** The run's books settings with every default filled in. */
export interface BooksSettings {
  accounts: { debtors: string; revenue_domestic: string; revenue_eu_services: string; revenue_outside_eu: string; output_vat: string };
  vat_codes: { domestic: string; eu_services: string; outside_eu: string };
  /** The seller's VAT period (momsloven § 57, stk. 2-4): a month (over 50 mio. kr. a year), a quarter, or a half year (at most 5 mio. kr.). */
  vat_period: 'month' | 'quarter' | 'half_year';
}

/** The defaults: the standard chart's accounts, our VAT codes, the quarter. */
export const DEFAULT_BOOKS: BooksSettings = {
  accounts: { debtors: '6190', revenue_domestic: '1010', revenue_eu_services: '1150', revenue_outside_eu: '1200', output_vat: '7680' },
  vat_codes: { domestic: 'U25', eu_services: 'UEUY', outside_eu: 'UY0' },
  vat_period: 'quarter',
};

/** `config` (the run config's `books`, possibly absent) with every default filled in. */
export function booksSettings(config: BooksConfig | undefined): BooksSettings {
  const a = config?.accounts;
  const c = config?.vat_codes;
  const d = DEFAULT_BOOKS;
  return {
    accounts: {
      debtors: a?.debtors ?? d.accounts.debtors, revenue_domestic: a?.revenue_domestic ?? d.accounts.revenue_domestic,
      revenue_eu_services: a?.revenue_eu_services ?? d.accounts.revenue_eu_services, revenue_outside_eu: a?.revenue_outside_eu ?? d.accounts.revenue_outside_eu,
      output_vat: a?.output_vat ?? d.accounts.output_vat,
    },
    vat_codes: { domestic: c?.domestic ?? d.vat_codes.domestic, eu_services: c?.eu_services ?? d.vat_codes.eu_services, outside_eu: c?.outside_eu ?? d.vat_codes.outside_eu },
    vat_period: config?.vat_period ?? DEFAULT_BOOKS.vat_period,
  };
}
