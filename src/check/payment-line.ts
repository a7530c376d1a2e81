/**
 * A Danish FI payment line ("FIK", fælles indbetalingskort): `+71<000000001420009+85109074<`,
 * the card type (kortartskode), the payment id the payer quotes and the creditor number (8
 * digits). Card 71 carries a 15-digit id, 75 a 16-digit one, both ending in a modulus-10 check
 * digit (fik.ts), 73 none (the payer writes a message instead); these are the cards Peppol's
 * Danish rules take as PaymentMeansCode 93 (DK-R-010, DK-R-011). The giro cards 01, 04 and 15
 * (code 50, DK-R-008/009) are not used here.
 */
export interface FikLine {
  card: '71' | '73' | '75';
  /** The payment id (15 digits on a 71, 16 on a 75, empty on a 73). */
  id: string;
  /** The creditor number (kreditornummer), 8 digits. */
  creditor: string;
}

/** Where a payment line was found, and what it says: a FIK line we can use, or why not. */
export type PaymentLine = { path: string; text: string } & ({ fik: FikLine } | { problem: string });

export const FIK_ID_DIGITS: Record<FikLine['card'], number> = { '71': 15, '73': 0, '75': 16 };
/** Anything written like a payment line: `+` two digits `<` … (what a bank's scanner reads). */
const LOOKS_LIKE = /\+\d{2}<[^\s]*/;
const FIK = /^\+(\d{2})<(\d*)\+(\d{8})<$/;

/** A FI line as it is printed: `+71<id+creditor<`. */
export function fikLineText(fik: FikLine): string {
  return `+${fik.card}<${fik.id}+${fik.creditor}<`;
}

/** A FI line read from `text`; with `anyId` the id is not held to its card's length (a seller's line whose id is built per invoice). */
export function readPaymentLine(text: string, path: string, anyId = false): PaymentLine {
  const m = FIK.exec(text);
  if (!m) return { path, text, problem: 'is not a payment line of the form +71<payment id+creditor number<' };
  const card = m[1]!;
  if (!(card in FIK_ID_DIGITS)) return { path, text, problem: `has card type +${card}, which is not a FI card svc can state (71, 73 or 75)` };
  const digits = FIK_ID_DIGITS[card as FikLine['card']];
  if (!anyId && m[2]!.length !== digits) return { path, text, problem: `is a +${card} line, whose payment id has ${digits === 0 ? 'no digits' : `${digits} digits`}, not ${m[2]!.length}` };
  return { path, text, fik: { card: card as FikLine['card'], id: m[2]!, creditor: m[3]! } };
}

/**
 * The record's own payment line: the buyer's `payment_reference` when it is one (the whole field,
 * spaces removed), else one written in the seller's `bank` text; undefined when neither has one.
 * A line in the seller's bank text names the seller's card and creditor number; its payment id
 * is not the invoice's (see paymentReference).
 */
export function paymentLineOf(invoice: { seller: { bank: string }; buyer: { payment_reference: string } }): PaymentLine | undefined {
  const reference = invoice.buyer.payment_reference.replace(/[\s\u00a0]+/g, '');
  if (isPaymentLine(reference)) return readPaymentLine(reference, 'buyer.payment_reference');
  const inBank = LOOKS_LIKE.exec(invoice.seller.bank)?.[0];
  return inBank ? readPaymentLine(inBank, 'seller.bank', true) : undefined;
}

/** Whether a reference is written as a payment line (and so is not the buyer's own reference). */
export function isPaymentLine(text: string): boolean {
  return /^\+\d{2}</.test(text.replace(/[\s\u00a0]+/g, ''));
}
