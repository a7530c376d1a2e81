/** Something an accountant must fix before filing an invoice (see checkInvoice). */
export interface InvoiceCheckFinding {
  /**
   * Stable, machine-readable kind. Figures: `line_total`, `provider_sum`, `provider_orphan`,
   * `subtotal`, `vat`, `total`, `category_subtotal` (a subtotal that is not its lines),
   * `line_conversion` (a line's USD × rate that is not its amount). VAT: `danish_vat_to_eu_business`, `danish_vat_outside_eu`,
   * `zero_vat_unexplained`, `vat_not_in_dkk`, `vat_rate_not_danish`, `seller_not_danish`,
   * `buyer_country_conflict`, `buyer_country_unknown`, `greek_vat_prefix`. Numbers:
   * `ean_check_digit`, `iban_checksum`, `iban_account_mismatch`, `vat_check_digit`. Payment:
   * `fik_not_dkk`, `payment_line_unknown`, `fik_check_digit`, `fik_id_not_built` (warning). A
   * month end adds `payment_id_shared`: two invoices ask the payer to quote the same reference.
   */
  code: string;
  /** `error`: the invoice must not be filed as it is; `warning`: worth a look. */
  severity: 'error' | 'warning';
  /** The record's field to fix, e.g. `buyer.ean`, `lines[3].line_total_cents`. */
  path: string;
  /** One sentence naming the fields and the values. */
  message: string;
}
