/**
 * The check digit of a FI payment id (betalings-id) on a +71 or +75 line: modulus 10, the digits
 * weighted 2, 1, 2, … from the right and the products' digits added (the Luhn scheme), the digit
 * that brings the sum to a multiple of 10. A +71 id is 14 digits and this digit (15 in all), a
 * +75 id 15 and this digit (16): the id identifies one payment, its last digit is the obligatory
 * check digit ("kontrolciffer"), and the payer's bank refuses an id that fails it (Nets'
 * indbetalingskort rules, as the FI-card printers state them: giro-kort.dk, "Betalingsidentifikation").
 * `000000001420009` passes; `000000001420001` fails (its check digit should be 9).
 */
export function fikCheckDigit(payload: string): number {
  let sum = 0;
  for (let i = 0; i < payload.length; i++) {
    const d = Number(payload[payload.length - 1 - i]) * (i % 2 === 0 ? 2 : 1);
    sum += d > 9 ? d - 9 : d;
  }
  return (10 - (sum % 10)) % 10;
}

/** Why a FI payment id (all digits) fails its check digit, or undefined when it passes. */
export function fikIdProblem(id: string): string | undefined {
  if (!/^\d+$/.test(id) || id.length < 2) return 'is not a payment id of digits';
  const expected = fikCheckDigit(id.slice(0, -1));
  return Number(id.at(-1)) === expected ? undefined : `fails its modulus-10 check digit (the last digit should be ${expected}, not ${id.at(-1)})`;
}

/**
 * A FI payment id for `card` (71: 15 digits, 75: 16) built from an invoice number: its digits,
 * zero-padded on the left, and the check digit. Undefined when the number has no digits or more
 * than the id holds (14 on a 71, 15 on a 75), so the id would not name the invoice.
 */
export function fikIdFromNumber(number: string, card: '71' | '75'): string | undefined {
  const digits = number.replace(/\D/g, '');
  const width = card === '71' ? 14 : 15;
  if (!digits || digits.length > width) return undefined;
  const payload = digits.padStart(width, '0');
  return `${payload}${fikCheckDigit(payload)}`;
}
