import type { VatFindingCode } from '../../vat/index.js';

/**
 * A value a finding's message names, kept so the message can be said in any language
 * (findingText): text as it stands in the record, a whole number, an amount in minor units with
 * its currency (`minor` an integer as text, exact however large), or a VAT rate in basis points.
 */
export type FindingParam = string | number | { minor: string; currency: string } | { bps: number };

/**
 * The stable, machine-readable kinds of finding (src/invoice/README.md lists each).
 * Figures: `line_total`, `provider_sum`, `provider_orphan`, `subtotal`, `vat`, `total`,
 * `category_subtotal` (a subtotal that is not its lines), `line_conversion` (a line's own conversion,
 * "(USD 598,35 à 6,4213)", whose USD × rate is not its amount).
 * VAT (decideVat's warnings and errors, VatFindingCode, named once in vat/types.ts): `danish_vat_to_eu_business`, `danish_vat_outside_eu`,
 * `zero_vat_unexplained`, `vat_not_in_dkk`, `vat_rate_not_danish`, `seller_not_danish`,
 * `buyer_country_conflict`, `buyer_country_unknown`, `greek_vat_prefix`.
 * Numbers: `ean_check_digit`, `iban_checksum`, `iban_account_mismatch`, `vat_check_digit`.
 * Payment: `fik_not_dkk`, `payment_line_unknown`, `fik_check_digit`, `fik_id_not_built` (warning).
 * Dates: `period_reversed`. Rates: `usd_dkk_rate_implausible`. Required text: `text_missing`.
 * A month end adds `payment_id_shared`: two invoices ask the payer to quote the same reference;
 * and `credited_earlier`: an earlier run (of this month, or another month's whose folder holds it)
 * made a credit note of the invoice.
 */
export type InvoiceCheckFindingCode =
  | 'line_total'
  | 'provider_sum'
  | 'provider_orphan'
  | 'subtotal'
  | 'vat'
  | 'total'
  | 'category_subtotal'
  | 'line_conversion'
  | VatFindingCode
  | 'ean_check_digit'
  | 'iban_checksum'
  | 'iban_account_mismatch'
  | 'vat_check_digit'
  | 'fik_not_dkk'
  | 'payment_line_unknown'
  | 'fik_check_digit'
  | 'fik_id_not_built'
  | 'period_reversed'
  | 'usd_dkk_rate_implausible'
  | 'text_missing'
  | 'payment_id_shared'
  | 'credited_earlier';

/** Something an accountant must fix before filing an invoice (see checkInvoice). */
export interface InvoiceCheckFinding {
  /** Stable, machine-readable kind (InvoiceCheckFindingCode lists them). */
  code: InvoiceCheckFindingCode;
  /** `error`: the invoice must not be filed as it is; `warning`: worth a look. */
  severity: 'error' | 'warning';
  /** The record's field to fix, e.g. `buyer.ean`, `lines[3].line_total_cents`. */
  path: string;
  /** One sentence in English naming the fields and the values (for logs, stderr and the manifest). */
  message: string;
  /**
   * The values the message names, for the same sentence in a page's language: the locale's
   * `check.findings.<code>` text is filled with them (findingText). `form` picks one of a
   * code's several sentences. Absent in manifests of earlier versions.
   */
  params?: Record<string, FindingParam>;
}
