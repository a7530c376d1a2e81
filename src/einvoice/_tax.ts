import type { Invoice } from '../model/index.js';
import type { VatDecision } from '../vat/index.js';
import { EInvoiceError } from './einvoice-error.js';
import { percentText } from './_amount.js';

/** The one VAT category of the document (BT-118/BT-151) with its rate and exemption reason. */
export interface TaxCategory {
  id: 'S' | 'AE' | 'O';
  /** BT-119/BT-152; absent for O (BR-O-05, BR-O-08). */
  percent?: string;
  /** BT-121, VATEX code list. */
  exemptionCode?: string;
  /** BT-120: the legal note the PDF shows for the treatment. */
  exemptionText?: string;
}

/**
 * The UBL tax category from the invoice's VAT decision (the one decision the PDF reads too):
 * standard → S with the rate; EU reverse charge → AE, 0 %, VATEX-EU-AE (BR-AE-05, BR-AE-10);
 * outside the scope of Danish VAT → O without a rate, VATEX-EU-O (BR-O-05, BR-O-10), and then
 * neither party's VAT number is written (BR-O-02). A treatment the record does not support is
 * refused, naming the fields the decision rests on.
 * @throws EInvoiceError
 */
export function taxCategory(invoice: Invoice, decision: VatDecision, note: (treatment: 'reverse_charge' | 'outside_scope') => string): TaxCategory {
  switch (decision.treatment) {
    case 'standard':
      return { id: 'S', percent: percentText(invoice.vat_rate_bps) };
    case 'reverse_charge':
      return { id: 'AE', percent: '0', exemptionCode: 'VATEX-EU-AE', exemptionText: note('reverse_charge') };
    case 'outside_scope':
      return { id: 'O', exemptionCode: 'VATEX-EU-O', exemptionText: note('outside_scope') };
    default: {
      const problems = decision.reasons.filter((r) => r.severity !== 'info');
      const fields = [...new Set(problems.flatMap((r) => r.paths))];
      const why = problems.map((r) => r.message).join('; ') || 'the record does not show which VAT treatment applies';
      throw new EInvoiceError(fields.join(', ') || 'vat_rate_bps', `no VAT treatment for the e-invoice: ${why}`);
    }
  }
}
