import type { Invoice } from '../model/index.js';
import type { InvoiceCheckFinding } from './findings/finding.js';
import { glnProblem, gs1CheckDigit } from './gln.js';
import { danishAccountIn, danishIbanMatches, ibansIn, ibanValid } from './iban.js';

/** Numbers a bank or NemHandel would refuse: the buyer's EAN (GLN) and the IBANs in the seller's bank text. */
export function identifierFindings(invoice: Invoice): InvoiceCheckFinding[] {
  const findings: InvoiceCheckFinding[] = [];
  const ean = invoice.buyer.ean.trim();
  const eanProblem = ean ? glnProblem(ean) : undefined;
  if (eanProblem) {
    const digits = ean.replace(/[\s-]/g, '');
    const params = /^\d{13}$/.test(digits) ? { form: 'check', ean, expected: gs1CheckDigit(digits.slice(0, 12)), got: Number(digits[12]) } : { form: 'length', ean };
    findings.push({ code: 'ean_check_digit', severity: 'error', path: 'buyer.ean', message: `buyer.ean "${ean}" ${eanProblem}`, params });
  }

  const bank = invoice.seller.bank;
  for (const iban of ibansIn(bank)) {
    if (!ibanValid(iban)) {
      findings.push({ code: 'iban_checksum', severity: 'error', path: 'seller.bank', message: `seller.bank: IBAN ${iban} fails the ISO 13616 check (its country's length and the mod-97 check digits)`, params: { iban } });
      continue;
    }
    const account = iban.startsWith('DK') ? danishAccountIn(bank) : undefined;
    if (!account) continue;
    const [ibanReg, ibanAccount] = [iban.slice(4, 8), iban.slice(8)];
    // An account written unclearly ("Konto 0440 116243") matches when one of its readings is the IBAN's.
    if (!danishIbanMatches(iban, account)) {
      const written = account.account ?? account.unclear;
      findings.push({
        code: 'iban_account_mismatch', severity: 'warning', path: 'seller.bank',
        message: `seller.bank: IBAN ${iban} is reg. no. ${ibanReg} account ${ibanAccount}, but the same text gives reg. no. ${account.reg}${written ? ` account ${written}` : ''}`,
        params: { form: written ? 'account' : 'reg', iban, iban_reg: ibanReg, iban_account: ibanAccount, reg: account.reg, account: written ?? '' },
      });
    }
  }
  return findings;
}
