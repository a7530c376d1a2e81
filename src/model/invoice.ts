import { z } from 'zod';
import { CurrencySchema, decimalString, email, int32, int64, isoDate, isoDateTime, uuid } from './primitives/primitives.js';
import { InvoiceLanguageSchema, InvoiceLineKindSchema, InvoiceStatusSchema } from './enums.js';
import { compileRecordSchema } from './parse/compiled-record.js';

// Each record's fields are a named shape with a doc comment per field, and the schema's type is
// written as `z.ZodObject<typeof shape>`: so the built .d.ts keeps the comments and an editor
// shows them on hover (an inferred schema type is printed without them). test/api/record-docs.

const invoiceSummaryShape = {
  /** The invoice's id, a uuid: what `getInvoice`, `getInvoicePdf` take. */
  id: uuid,
  /** The invoice number people use, e.g. `2026-0142` (`getInvoiceByNumber` takes it). */
  invoice_number: z.string(),
  /** `issued`: in force; `void`: kept but cancelled (its PDF is stamped VOID). */
  status: InvoiceStatusSchema,
  /** First day of the period billed, `YYYY-MM-DD`. */
  period_start: isoDate,
  /** When it was issued, ISO 8601 with offset. */
  issued_at: isoDateTime,
  /** Payment due date, `YYYY-MM-DD`. */
  due_at: isoDate,
  /** The invoice's currency (ISO 4217); every `*_cents` amount is in its minor units. */
  currency: CurrencySchema,
  /** Total to pay, VAT included, in minor units of `currency` (øre for DKK, cents for EUR/USD). */
  total_cents: int64,
};
/** InvoiceSummary: an item of the invoice list (spec §2). */
export const InvoiceSummarySchema: z.ZodObject<typeof invoiceSummaryShape, z.core.$strip> = z.object(invoiceSummaryShape).meta({ id: 'InvoiceSummary' });

const invoiceSellerShape = {
  /** The seller's registered name. */
  legal_name: z.string(),
  /** The seller's postal address, one text (lines separated by commas or line breaks; the record's line breaks are read as ", "). */
  address: z.string(),
  /** Danish company registration number (CVR), 8 digits. */
  cvr: z.string(),
  /** VAT number, e.g. `DK12345678`. */
  vat: z.string(),
  /** Where to write about the invoice. */
  email,
  /** How to pay: bank, account or IBAN, and any FI payment line, as one text. */
  bank: z.string(),
};
/** InvoiceSeller: the seller as frozen at issue. */
export const InvoiceSellerSchema: z.ZodObject<typeof invoiceSellerShape, z.core.$strip> = z.object(invoiceSellerShape).meta({ id: 'InvoiceSeller' });

const invoiceBuyerShape = {
  /** The buyer's registered name. */
  legal_name: z.string(),
  /** The person or department it is for; `''` when not set. */
  attention: z.string(),
  /** First address line; `''` when not set. */
  address_line1: z.string(),
  /** Second address line; `''` when not set. */
  address_line2: z.string(),
  /** Postal code; `''` when not set. */
  postal_code: z.string(),
  /** City; `''` when not set. */
  city: z.string(),
  /** Country as written at issue (a name or an ISO code); `''` when not set. */
  country: z.string(),
  /** Danish company registration number (CVR); `''` when none. */
  cvr: z.string(),
  /** VAT number with its country prefix (`DK…`, `SE…`, `EL…`); `''` when none. */
  vat: z.string(),
  /** EAN/GLN location number (13 digits) for public-sector e-invoicing; `''` when none. */
  ean: z.string(),
  /** The buyer's reference or FI payment line to quote when paying; `''` when none. */
  payment_reference: z.string(),
  /** The buyer's e-mail; null or absent when none. */
  email: email.nullable().optional(),
};
/** InvoiceBuyer: the buyer as frozen at issue; empty strings mean "not set". */
export const InvoiceBuyerSchema: z.ZodObject<typeof invoiceBuyerShape, z.core.$strip> = z.object(invoiceBuyerShape).meta({ id: 'InvoiceBuyer' });

const invoiceLineShape = {
  /** Position on the invoice, ascending. */
  sort_order: int32,
  /** `subscription`, `usage`, `usage_provider` (an uncharged split of the usage line above) or `dev_overage`. */
  kind: InvoiceLineKindSchema,
  /** The line's text as printed. */
  description: z.string(),
  /** How many units. */
  quantity: int32,
  /** Price of one unit, in minor units of the invoice's currency (øre for DKK). */
  unit_price_cents: int64,
  /** quantity × unit_price_cents, in minor units of the invoice's currency (øre for DKK). */
  line_total_cents: int64,
};
/** InvoiceLine; `usage_provider` lines split the `usage` line above them and are not charged. */
export const InvoiceLineSchema: z.ZodObject<typeof invoiceLineShape, z.core.$strip> = z.object(invoiceLineShape).meta({ id: 'InvoiceLine' });

const invoiceShape = {
  /** The invoice's id, a uuid. */
  id: uuid,
  /** The organization invoiced. */
  org_id: z.string(),
  /** The invoice number people use, e.g. `2026-0142`. */
  invoice_number: z.string(),
  /** `issued`: in force; `void`: kept but cancelled (its PDF is stamped VOID). */
  status: InvoiceStatusSchema,
  /** First day of the period billed, `YYYY-MM-DD`. */
  period_start: isoDate,
  /** Last day of the period billed, `YYYY-MM-DD`. */
  period_end: isoDate,
  /** When it was issued, ISO 8601 with offset. */
  issued_at: isoDateTime,
  /** Payment due date, `YYYY-MM-DD`. */
  due_at: isoDate,
  /** The invoice's currency (ISO 4217); every `*_cents` amount is in its minor units. */
  currency: CurrencySchema,
  /** The language the invoice was issued in (frozen at issue). */
  language: InvoiceLanguageSchema,
  /** Plan (subscription) part of the subtotal, VAT excluded, in minor units of `currency` (øre for DKK). */
  subscription_subtotal_cents: int64,
  /** Usage part of the subtotal, VAT excluded, in minor units of `currency` (øre for DKK). */
  usage_subtotal_cents: int64,
  /** subscription + usage, VAT excluded, in minor units of `currency` (øre for DKK). */
  subtotal_cents: int64,
  /** subtotal + VAT: the amount to pay, in minor units of `currency` (øre for DKK). */
  total_cents: int64,
  /** VAT amount, in minor units of `currency` (øre for DKK). */
  vat_cents: int64,
  /** VAT rate in basis points: 2500 = 25 %, 0 = no VAT. */
  vat_rate_bps: int32,
  /** DKK per USD for a USD invoice (to state its VAT in DKK), exact; null or absent when none. */
  usd_dkk_rate: decimalString.nullable().optional(),
  /** The seller as frozen at issue. */
  seller: InvoiceSellerSchema,
  /** The buyer as frozen at issue. */
  buyer: InvoiceBuyerSchema,
  /** The lines as printed, in `sort_order`; the totals are computed from plan + usage, not from the lines. */
  lines: z.array(InvoiceLineSchema),
};
/** Invoice: full and immutable; money in integer minor units of `currency`. */
export const InvoiceSchema: z.ZodObject<typeof invoiceShape, z.core.$strip> = z.object(invoiceShape).meta({ id: 'Invoice' });

export const InvoiceListSchema = z.array(InvoiceSummarySchema);

export type InvoiceSummary = z.infer<typeof InvoiceSummarySchema>;
export type InvoiceSeller = z.infer<typeof InvoiceSellerSchema>;
export type InvoiceBuyer = z.infer<typeof InvoiceBuyerSchema>;
export type InvoiceLine = z.infer<typeof InvoiceLineSchema>;
export type Invoice = z.infer<typeof InvoiceSchema>;
/** The invoice as JSON on the wire (decimal fields still strings). */
export type InvoiceJson = z.input<typeof InvoiceSchema>;
export type InvoiceSummaryJson = z.input<typeof InvoiceSummarySchema>;

// An organization's invoice list and its month's invoice, in every run: by a compiled check, zod naming a refusal.
compileRecordSchema(InvoiceListSchema);
compileRecordSchema(InvoiceSchema);
