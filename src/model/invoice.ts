import { z } from 'zod';
import { CurrencySchema, decimalString, email, int32, int64, isoDate, isoDateTime, uuid } from './primitives.js';
import { InvoiceLanguageSchema, InvoiceLineKindSchema, InvoiceStatusSchema } from './enums.js';

/** InvoiceSummary: an item of the invoice list (spec §2). */
export const InvoiceSummarySchema = z
  .object({
    id: uuid,
    invoice_number: z.string(),
    status: InvoiceStatusSchema,
    period_start: isoDate,
    issued_at: isoDateTime,
    due_at: isoDate,
    currency: CurrencySchema,
    total_cents: int64,
  })
  .meta({ id: 'InvoiceSummary' });

/** InvoiceSeller: the seller as frozen at issue. */
export const InvoiceSellerSchema = z
  .object({
    legal_name: z.string(),
    address: z.string(),
    cvr: z.string(),
    vat: z.string(),
    email,
    bank: z.string(),
  })
  .meta({ id: 'InvoiceSeller' });

/** InvoiceBuyer: the buyer as frozen at issue; empty strings mean "not set". */
export const InvoiceBuyerSchema = z
  .object({
    legal_name: z.string(),
    attention: z.string(),
    address_line1: z.string(),
    address_line2: z.string(),
    postal_code: z.string(),
    city: z.string(),
    country: z.string(),
    cvr: z.string(),
    vat: z.string(),
    ean: z.string(),
    payment_reference: z.string(),
    email: email.nullable().optional(),
  })
  .meta({ id: 'InvoiceBuyer' });

/** InvoiceLine; `usage_provider` lines split the `usage` line above them and are not charged. */
export const InvoiceLineSchema = z
  .object({
    sort_order: int32,
    kind: InvoiceLineKindSchema,
    description: z.string(),
    quantity: int32,
    unit_price_cents: int64,
    line_total_cents: int64,
  })
  .meta({ id: 'InvoiceLine' });

/** Invoice: full and immutable; money in integer minor units of `currency`. */
export const InvoiceSchema = z
  .object({
    id: uuid,
    org_id: z.string(),
    invoice_number: z.string(),
    status: InvoiceStatusSchema,
    period_start: isoDate,
    period_end: isoDate,
    issued_at: isoDateTime,
    due_at: isoDate,
    currency: CurrencySchema,
    language: InvoiceLanguageSchema,
    subscription_subtotal_cents: int64,
    usage_subtotal_cents: int64,
    subtotal_cents: int64,
    total_cents: int64,
    vat_cents: int64,
    vat_rate_bps: int32,
    usd_dkk_rate: decimalString.nullable().optional(),
    seller: InvoiceSellerSchema,
    buyer: InvoiceBuyerSchema,
    lines: z.array(InvoiceLineSchema),
  })
  .meta({ id: 'Invoice' });

export const InvoiceListSchema = z.array(InvoiceSummarySchema);

export type InvoiceSummary = z.infer<typeof InvoiceSummarySchema>;
export type InvoiceSeller = z.infer<typeof InvoiceSellerSchema>;
export type InvoiceBuyer = z.infer<typeof InvoiceBuyerSchema>;
export type InvoiceLine = z.infer<typeof InvoiceLineSchema>;
export type Invoice = z.infer<typeof InvoiceSchema>;
/** The invoice as JSON on the wire (decimal fields still strings). */
export type InvoiceJson = z.input<typeof InvoiceSchema>;
export type InvoiceSummaryJson = z.input<typeof InvoiceSummarySchema>;
