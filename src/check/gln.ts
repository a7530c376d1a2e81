/**
 * The GS1 check digit of the first 12 digits of a GLN/EAN-13: weights 3 and 1 alternating from
 * the right, the digit that brings the sum to a multiple of 10 (GS1 General Specifications,
 * "check digit calculation"). An EAN location number (GLN) is how NemHandel addresses a
 * Danish public buyer's invoices.
 */
export function gs1CheckDigit(first12: string): number {
  let sum = 0;
  for (let i = 0; i < first12.length; i++) sum += Number(first12[first12.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10;
}

/** Why `ean` is not a valid 13-digit GLN, or undefined when it is. */
export function glnProblem(ean: string): string | undefined {
  const digits = ean.replace(/[\s-]/g, '');
  if (!/^\d{13}$/.test(digits)) return 'is not 13 digits';
  const expected = gs1CheckDigit(digits.slice(0, 12));
  return Number(digits[12]) === expected ? undefined : `fails the GS1 check digit (the 13th digit should be ${expected}, not ${digits[12]})`;
}
