/**
 * The stable, machine-readable kinds of finding (src/invoice/README.md lists each).
 * Figures: `line_total`, `provider_sum`, `provider_orphan`, `subtotal`, `vat`, `total`.
 * VAT (decideVat's warnings and errors, VatFindingCode: check-invoice.ts does not compile
 * while one is missing here): `danish_vat_to_eu_business`, `danish_vat_outside_eu`,
 * `zero_vat_unexplained`, `vat_not_in_dkk`, `vat_rate_not_danish`, `seller_not_danish`,
 * `buyer_country_conflict`, `buyer_country_unknown`, `greek_vat_prefix`.
 * Numbers: `ean_check_digit`, `iban_checksum`, `iban_account_mismatch`.
 * Payment: `fik_not_dkk`, `payment_line_unknown`.
 */
export type InvoiceCheckFindingCode =
  | 'line_total'
  | 'provider_sum'
  | 'provider_orphan'
  | 'subtotal'
  | 'vat'
  | 'total'
  | 'danish_vat_to_eu_business'
  | 'danish_vat_outside_eu'
  | 'zero_vat_unexplained'
  | 'vat_not_in_dkk'
  | 'vat_rate_not_danish'
  | 'seller_not_danish'
  | 'buyer_country_conflict'
  | 'buyer_country_unknown'
  | 'greek_vat_prefix'
  | 'ean_check_digit'
  | 'iban_checksum'
  | 'iban_account_mismatch'
  | 'fik_not_dkk'
  | 'payment_line_unknown';

/** Something an accountant must fix before filing an invoice (see checkInvoice). */
export interface InvoiceCheckFinding {
  /** Stable, machine-readable kind (InvoiceCheckFindingCode lists them). */
  code: InvoiceCheckFindingCode;
  /** `error`: the invoice must not be filed as it is; `warning`: worth a look. */
  severity: 'error' | 'warning';
  /** The record's field to fix, e.g. `buyer.ean`, `lines[3].line_total_cents`. */
  path: string;
  /** One sentence naming the fields and the values. */
  message: string;
}
