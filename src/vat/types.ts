import type { Decimal } from '../money/index.js';

/**
 * How Danish VAT applies to an invoice, decided once from the record (see decideVat):
 * - `standard`: Danish VAT is charged at the standard rate (25 %).
 * - `reverse_charge`: 0 %; the buyer is a business in another EU member state with a VAT
 *   number from that state, so the place of supply is there and the buyer accounts for the VAT
 *   (momsloven § 16, stk. 1; VAT Directive 2006/112/EC arts. 44 and 196).
 * - `outside_scope`: 0 %; the buyer is a business established outside the EU, so the place of
 *   supply is outside the EU and no Danish (or EU) VAT is due (momsloven § 16, stk. 1; art. 44).
 * - `undetermined`: the record does not show which treatment applies (0 % to a Danish buyer,
 *   a buyer whose country or VAT number does not tell, a rate that is not Danish, figures that
 *   disagree); `reasons` says why.
 */
export type VatTreatment = 'standard' | 'reverse_charge' | 'outside_scope' | 'undetermined';

/** How much a reason matters to an accountant: `error` must be fixed before filing. */
export type VatSeverity = 'error' | 'warning' | 'info';

/** Stable codes of the reasons; `info` ones explain, the others are findings of checkInvoice. */
export type VatReasonCode =
  /** info: Danish VAT at 25 % is charged. */
  | 'danish_vat_charged'
  /** info: no VAT is charged (rate 0, amount 0). */
  | 'no_vat_charged'
  /** info: where the buyer is, and which fields said so. */
  | 'buyer_country'
  /** info: the buyer has a VAT number of another EU member state (the reverse charge's basis). */
  | 'buyer_eu_vat_number'
  /** info: the buyer is a business outside the EU (a VAT or tax number, a non-EU country). */
  | 'buyer_outside_eu'
  /** info: a USD invoice's VAT is also stated in DKK, converted at `usd_dkk_rate`. */
  | 'vat_in_dkk'
  /** info: the VAT amount and the rate disagree (checkInvoice's `vat` finding names the amounts). */
  | 'vat_rate_mismatch'
  /** error: Danish VAT charged to a business with a VAT number of another EU member state. */
  | 'danish_vat_to_eu_business'
  /** warning: Danish VAT charged to a business outside the EU. */
  | 'danish_vat_outside_eu'
  /** error: 0 % VAT, and the record supports neither reverse charge nor outside-the-scope. */
  | 'zero_vat_unexplained'
  /** error: VAT charged on a USD invoice with no `usd_dkk_rate` to state it in DKK. */
  | 'vat_not_in_dkk'
  /** error: a VAT rate that is neither 0 nor Denmark's 25 %. */
  | 'vat_rate_not_danish'
  /** error: the seller has no Danish VAT number, so these (Danish) rules do not decide. */
  | 'seller_not_danish'
  /** warning: the VAT number's prefix and `buyer.country` name different countries. */
  | 'buyer_country_conflict'
  /** warning: `buyer.country` names no country we know. */
  | 'buyer_country_unknown'
  /** warning: a Greek VAT number written with GR; Greek VAT numbers start with EL. */
  | 'greek_vat_prefix';

/** The reason codes that only explain (always severity `info`): never one of checkInvoice's findings. */
export type VatInfoCode = 'danish_vat_charged' | 'no_vat_charged' | 'buyer_country' | 'buyer_eu_vat_number' | 'buyer_outside_eu' | 'vat_in_dkk' | 'vat_rate_mismatch';

/** The reason codes of a warning or an error: checkInvoice's VAT findings. */
export type VatFindingCode = Exclude<VatReasonCode, VatInfoCode>;

export interface VatReason {
  code: VatReasonCode;
  severity: VatSeverity;
  /** The record's fields this reason rests on, e.g. `buyer.vat`; the first is the one to fix. */
  paths: string[];
  /** One sentence, in English, naming the values. */
  message: string;
  /** The values it names, for saying it in another language (checkInvoice's findings carry them; see findingText). */
  params?: Record<string, string | number | { bps: number }>;
}

/** VAT of a foreign-currency invoice stated in DKK (momsbekendtgørelsen § 97, stk. 2; VAT Directive art. 230). */
export interface VatInDkk {
  /** The VAT in øre: `vat_cents` × rate, rounded half up. */
  minor: number;
  /** The rate used: the invoice's `usd_dkk_rate`. */
  rate: Decimal;
  /** The currency converted from. */
  from: 'USD';
}

/** The VAT decision every output reads: the PDF's legal note, the UBL tax category, checkInvoice. */
export interface VatDecision {
  treatment: VatTreatment;
  /** The invoice is void (`status`); the treatment is still that of the invoice as issued. */
  void: boolean;
  /** The buyer's country, ISO 3166-1 alpha-2, when the record tells it without contradiction. */
  buyerCountry?: string;
  /** Whether that country is an EU member state. */
  buyerInEu?: boolean;
  /** What each source said: the VAT number's prefix and `buyer.country`, as alpha-2 codes. */
  buyerCountryFrom: { vat?: string; country?: string };
  /** Present when a USD invoice charges VAT and has a rate: the VAT in DKK. */
  vatInDkk?: VatInDkk;
  /** Why, most important first: the problems (error, warning) then the explanations (info). */
  reasons: VatReason[];
  /** Every field of the record the decision read, e.g. `vat_rate_bps`, `buyer.vat`. */
  fieldsRead: string[];
}
