import { danishAccountIn, ibanMod97, ibansIn } from '../invoice/check/iban.js';
import { EInvoiceError } from './einvoice-error.js';

/** Where the buyer pays (BG-16/BG-17): one means code for all accounts, as EN 16931 has one BT-81. */
export interface PaymentMeans {
  /** UNCL 4461: 58 SEPA credit transfer (to an IBAN), 31 debit transfer (a Danish reg. and account number). */
  code: '58' | '31';
  /** BT-84 (IBAN or Danish account number) and BT-86 (BIC, or the Danish reg. no.). */
  accounts: Array<{ id: string; branch?: string }>;
}

const BIC = /\b(?:BIC|SWIFT)(?:\/SWIFT)?\b[:.]?\s*([A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?)\b/i;

/**
 * The payment means in the seller's free-text bank line (`Danske Bank · Reg. 3409 Konto
 * 1234567890 · IBAN DK50 3000 1234 5678 90 · BIC DABADKKK`): every IBAN (mod-97 checked) with
 * the BIC as code 58; without an IBAN, a Danish reg. and account number as code 31 with the reg.
 * no. as branch (DK-R-006). A Danish reg. and account number beside a Danish IBAN must be that
 * IBAN's account (its bank code and account), and is then not repeated.
 * @throws EInvoiceError naming `seller.bank`
 */
export function paymentMeans(bank: string): PaymentMeans {
  const ibans = ibansIn(bank);
  const domestic = danishAccountIn(bank);
  const fail = (why: string): never => {
    throw new EInvoiceError('seller.bank', `${JSON.stringify(bank)}: ${why}`);
  };
  if (ibans.length) {
    for (const iban of ibans) if (ibanMod97(iban) !== 1) fail(`the IBAN ${iban} fails its mod-97 check`);
    if (domestic?.account) {
      const same = ibans.some((iban) => iban.startsWith('DK') && iban.slice(4, 8) === domestic.reg && iban.slice(8) === domestic.account!.padStart(10, '0'));
      if (!same) fail(`reg. ${domestic.reg} account ${domestic.account} is not the account of the IBAN ${ibans.join(', ')}; an e-invoice gives all its accounts one payment means code`);
    }
    const bic = BIC.exec(bank)?.[1]?.toUpperCase();
    return { code: '58', accounts: ibans.map((id) => ({ id, ...(bic ? { branch: bic } : {}) })) };
  }
  if (domestic?.account) return { code: '31', accounts: [{ id: domestic.account, branch: domestic.reg }] };
  return fail(domestic ? `reg. ${domestic.reg} has no account number after it` : 'no IBAN and no Danish reg. and account number');
}
