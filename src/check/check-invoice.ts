import type { VatFindingCode } from '../vat/index.js';
import type { Invoice, InvoiceJson } from '../model/index.js';
import { invoiceRecord } from '../model/index.js';
import type { InvoiceCheckFinding } from './findings/finding.js';
import { decideVatFor } from '../vat/index.js';
import { figureFindings } from './_figures.js';
import { identifierFindings } from './_identifiers.js';
import { paymentFindings } from './_payment.js';
import { periodFindings } from './period.js';
import { rateFindings } from './rate.js';
import { vatNumberFindings } from './_vat-number.js';
import { categoryFindings } from './_categories.js';
import { conversionFindings } from './_conversions.js';
import { requiredTextFindings } from './_required-text.js';

const ORDER = { error: 0, warning: 1 } as const;

/**
 * What an accountant must fix before filing the invoice, without changing anything: figures
 * that do not add up (a subtotal that is not its lines, a line's USD × rate that is not its
 * amount), the VAT decision's problems (Danish VAT to an EU-registered business,
 * 0 % with no treatment the record supports, VAT in USD with no rate to state it in DKK, …),
 * an EAN failing its GS1 check digit, a buyer VAT number failing its country's check digit, an
 * IBAN failing mod-97, a payment line that is no FI line, is on an invoice not in DKK or has a
 * payment id failing its modulus-10 check digit, an invoice period that ends before it starts, a
 * USD/DKK rate no such rate can be, an empty invoice number, seller or buyer name or seller address. Each finding has a stable
 * code, a severity and the path of the field to fix; errors come first. An empty list means
 * the invoice is ready to file.
 * @throws SchemaError naming the field when `invoice` (API JSON or a parsed record) is malformed.
 */
export function checkInvoice(invoice: Invoice | InvoiceJson): InvoiceCheckFinding[] {
  return checkInvoiceRecord(invoiceRecord(invoice));
}

/** checkInvoice on a record already checked against InvoiceSchema. */
export function checkInvoiceRecord(record: Invoice): InvoiceCheckFinding[] {
  const vat: InvoiceCheckFinding[] = decideVatFor(record).reasons.flatMap((r) =>
    // A warning or an error is never one of the info codes (decideVat gives those severity info only).
    r.severity === 'info' ? [] : [{ code: r.code as VatFindingCode, severity: r.severity, path: r.paths[0]!, message: r.message, params: r.params ?? {} }],
  );
  return [
    ...requiredTextFindings(record), ...periodFindings(record), ...rateFindings(record), ...figureFindings(record), ...categoryFindings(record), ...conversionFindings(record),
    ...vat, ...identifierFindings(record), ...vatNumberFindings(record), ...paymentFindings(record),
  ].sort((a, b) => ORDER[a.severity] - ORDER[b.severity]);
}
