import type { Invoice } from '../model/index.js';
import { danishAccountIn, danishIbanMatches, ibanAccountsIn, ibanValid } from '../check/index.js';
import { paymentLineOf } from '../check/index.js';
import { paymentReference } from '../check/index.js';
import { decideVatFor } from '../vat/index.js';
import { EInvoiceError } from './einvoice-error.js';

/**
 * How the buyer pays (BG-16/BG-17), decided once from the record. One means code for all its
 * accounts, as EN 16931 has one BT-81. The PaymentID (BT-83) is the invoice's payment reference
 * (check/payment-reference.ts): its FI line's id, or its invoice number, so a payment quoting it
 * matches this invoice alone; the buyer's own reference is the BuyerReference (BT-10), never the
 * PaymentID. Codes (UNCL 4461) and the rules they meet:
 * - `93` reference giro: a Danish FI line (FIK +71/+73/+75), PaymentID `71#<payment id>` and the
 *   creditor number as the account (DK-R-010: 71#/73#/75# and an 8-character account; DK-R-011:
 *   a 71# or 75# id of 15-16 digits). A FI card pays DKK only: on another currency
 *   checkInvoice's `fik_not_dkk` refuses the document before this is read.
 * - `42` payment to bank account: a DKK invoice paid to a Danish account, the account number
 *   and the reg. no. as FinancialInstitutionBranch (DK-R-006), from "Reg. 3409 Konto 1234567890"
 *   or from a Danish IBAN (its bank code and account). 42, not 31, because UNCL 4461 31 is a debit
 *   transfer; DK-R-005 allows both. Also another currency's invoice to a Danish buyer when an
 *   IBAN has no BIC: DK-R-006 needs a branch beside the account, and the reg. no. is one (without a
 *   Danish account, the IBANs that have their BIC, code 31).
 * - `58` SEPA credit transfer: an EUR invoice with an IBAN (SEPA is euro only), the BIC as branch.
 * - `31` for every other currency (USD, or DKK/EUR where only a foreign IBAN is given): an
 *   international transfer to the IBAN, with the BIC as branch when the bank text gives one. Not
 *   30 (credit transfer), which DK-R-005 does not allow from a Danish supplier to a Danish buyer;
 *   31 with account and branch meets DK-R-006 there and is a valid code everywhere else. The BIC
 *   (BT-86, payment service provider identifier) is optional in EN 16931 (0..1 in BG-17) and in
 *   Peppol BIS 3; only DK-R-006 (a Danish buyer) asks for a branch.
 */
export interface PaymentMeans {
  code: '93' | '42' | '58' | '31';
  /** BT-83, the reference the payer quotes: `71#…` for a FI line, else the invoice number. */
  paymentId: string;
  /** BT-84 (IBAN, Danish account number or FI creditor number) and BT-86 (BIC or Danish reg. no.). */
  accounts: Array<{ id: string; branch?: string }>;
}

/** @throws EInvoiceError naming `seller.bank` (or the payment line's field) when no means fits. */
export function paymentMeans(invoice: Invoice): PaymentMeans {
  const bank = invoice.seller.bank;
  const fail = (why: string, field = 'seller.bank', text = bank): never => {
    throw new EInvoiceError(field, `${JSON.stringify(text)}: ${why}`);
  };
  const line = paymentLineOf(invoice);
  // checkInvoice refuses these first (payment_line_unknown, fik_not_dkk); kept for a direct caller.
  if (line && 'problem' in line) return fail(line.problem, line.path, line.text);
  const ref = paymentReference(invoice);
  if (ref.fik) {
    if (invoice.currency !== 'DKK') return fail(`a FI line pays DKK only, and the invoice is in ${invoice.currency}`, ref.from, invoice.buyer.payment_reference);
    return { code: '93', paymentId: `${ref.fik.card}#${ref.fik.id}`, accounts: [{ id: ref.fik.creditor }] };
  }
  const reference = ref.quote;
  const withBic = ibanAccountsIn(bank);
  const ibans = withBic.map((a) => a.iban);
  for (const iban of ibans) if (!ibanValid(iban)) fail(`the IBAN ${iban} fails its ISO 13616 check (its country's length and the mod-97 check digits)`);
  const domestic = danishAccountIn(bank);
  const danishIban = ibans.find((iban) => iban.startsWith('DK'));
  // An account written unclearly ("Konto 0440 116243") must still be one the IBAN's could be: else the text names two accounts.
  if ((domestic?.account || domestic?.unclear) && danishIban && !danishIbanMatches(danishIban, domestic)) {
    fail(`reg. ${domestic.reg} account ${domestic.account ?? domestic.unclear} is not the account of the IBAN ${danishIban}; the e-invoice would name two accounts for one payment`);
  }
  // A Danish IBAN is DK, 2 check digits, the 4-digit reg. no. and the 10-digit account.
  const danish = domestic?.account ? { id: domestic.account, branch: domestic.reg } : danishIban ? { id: danishIban.slice(8), branch: danishIban.slice(4, 8) } : undefined;
  if (invoice.currency === 'DKK' && danish) return { code: '42', paymentId: reference, accounts: [danish] };
  if (!ibans.length) {
    if (invoice.currency === 'DKK') {
      if (domestic?.unclear) fail(`reg. ${domestic.reg}: the account number cannot be told apart from the number after it ("${domestic.unclear}"); write the account as one number, or add the IBAN`);
      fail(domestic ? `reg. ${domestic.reg} has no account number after it` : 'no IBAN and no Danish reg. and account number');
    }
    fail(`no IBAN, and a payment in ${invoice.currency} goes to an IBAN`);
  }
  // Each IBAN with the BIC written with it (check/iban.ts ibanAccountsIn), never another account's.
  const accounts = withBic.map((a) => ({ id: a.iban, ...(a.bic ? { branch: a.bic } : {}) }));
  if (invoice.currency === 'EUR') return { code: '58', paymentId: reference, accounts };
  if (withBic.every((a) => a.bic)) return { code: '31', paymentId: reference, accounts };
  if (decideVatFor(invoice).buyerCountry === 'DK') {
    if (danish) return { code: '42', paymentId: reference, accounts: [danish] };
    // DK-R-006 wants the bank beside each account: the IBANs written with their BIC (the PDF shows them all).
    const banked = accounts.filter((a) => a.branch);
    if (banked.length) return { code: '31', paymentId: reference, accounts: banked };
    fail(`no BIC and no Danish account, and a Danish buyer's e-invoice names the bank beside the account (DK-R-006)`);
  }
  return { code: '31', paymentId: reference, accounts };
}
