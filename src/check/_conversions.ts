import { Decimal } from '../money/index.js';
import type { Invoice } from '../model/index.js';
import type { InvoiceCheckFinding } from './findings/finding.js';

/**
 * A line's own conversion as the records write it: a parenthesis holding only a USD amount and,
 * optionally, the rate beside it: `(USD 1.234,56 à 6,8512)`, `(USD 812.40)`, `(987.65 USD at
 * 6.9034)`. A USD amount anywhere else in the text (a price, `3 pladser à USD 58,00`, `(USD 58.00
 * per seat)`, `(listepris USD 58,00 pr. plads)`, `(de første USD 100 er gratis)`) states no
 * conversion and is not read.
 */
const USD_FIGURE = /\(\s*(?:USD\s?(\d[\d.,]*\d|\d)|(\d[\d.,]*\d|\d)\s?USD)(?:\s*(?:à|a|at|@|×|x|til|kurs)\s*(\d[\d.,]*\d|\d))?\s*\)/gi;

/** Whether a line's text shows the USD amount it converted, in the records' form (USD_FIGURE): what makes a rate on the PDF explain a figure. */
export function showsUsdConversion(description: string): boolean {
  USD_FIGURE.lastIndex = 0;
  const found = USD_FIGURE.test(description);
  USD_FIGURE.lastIndex = 0;
  return found;
}

/**
 * The values a written number can have: `1.234,56` is 1234.56, `1,234.56` too, `6,8512` is
 * 6.8512; `1.234` is 1234 in Danish and 1.234 in English, so both. Grouping must be in threes.
 */
export function readWrittenNumber(text: string): Decimal[] {
  const values: Decimal[] = [];
  for (const [group, decimal] of [['.', ','], [',', '.']] as const) {
    const parts = text.split(decimal);
    if (parts.length > 2) continue;
    const [whole, fraction] = parts as [string, string | undefined];
    const groups = whole.split(group);
    if (groups.some((g, i) => !/^\d+$/.test(g) || (i > 0 && g.length !== 3) || (i === 0 && groups.length > 1 && g.length > 3))) continue;
    if (fraction !== undefined && !/^\d+$/.test(fraction)) continue;
    const value = new Decimal(`${groups.join('')}${fraction !== undefined ? `.${fraction}` : ''}`);
    if (!values.some((v) => v.equals(value))) values.push(value);
  }
  return values;
}

/**
 * `line_conversion` (error): a charged line whose text shows the USD amount it converted, in the
 * records' form (USD_FIGURE: "(USD 598,35 à 6,4213)", "(USD 812.40)"; a USD price or other mention
 * of a USD amount is not one), but whose amount is not that USD at the rate, rounded half up to the øre: on a
 * DKK invoice at the rate written beside it or else the invoice's `usd_dkk_rate`, on a USD invoice
 * the USD itself. A number that reads two ways (`1.234`) is wrong only if neither reading gives
 * the amount. Other currencies (EUR) have no rate in the record to check against.
 */
export function conversionFindings(invoice: Invoice): InvoiceCheckFinding[] {
  const findings: InvoiceCheckFinding[] = [];
  const money = (minor: number | string) => ({ minor: String(minor), currency: invoice.currency });
  invoice.lines.forEach((line, index) => {
    if (line.kind === 'usage_provider') return;
    // exec in a loop, not matchAll (which copies the expression for every line).
    USD_FIGURE.lastIndex = 0;
    for (let m = USD_FIGURE.exec(line.description); m; m = USD_FIGURE.exec(line.description)) {
      const usdText = (m[1] ?? m[2])!;
      const usds = readWrittenNumber(usdText);
      const written = m[3];
      const rates = invoice.currency === 'USD' ? [new Decimal(1)] : written ? readWrittenNumber(written) : invoice.usd_dkk_rate ? [invoice.usd_dkk_rate] : [];
      if (invoice.currency === 'EUR' || !usds.length || !rates.length) continue;
      const expected = usds.flatMap((usd) => rates.map((rate) => usd.times(rate).times(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP)));
      if (expected.some((e) => e.equals(line.line_total_cents))) continue;
      const shown = invoice.currency === 'USD' ? `USD ${usdText}` : `USD ${usdText} × ${written ?? `usd_dkk_rate ${invoice.usd_dkk_rate!.toFixed()}`}`;
      findings.push({
        code: 'line_conversion', severity: 'error', path: `lines[${index}].line_total_cents`,
        message: `line ${line.sort_order} ("${line.description}"): line_total_cents ${line.line_total_cents} is not ${shown} = ${expected[0]!.toFixed()} (rounded half up to the øre)`,
        params: {
          form: invoice.currency === 'USD' ? 'usd' : 'dkk', line: line.sort_order, description: line.description, usd: usdText,
          ...(invoice.currency === 'USD' ? {} : { rate: written ?? invoice.usd_dkk_rate!.toFixed() }), amount: money(line.line_total_cents), expected: money(expected[0]!.toFixed()),
        },
      });
      break;
    }
  });
  return findings;
}
