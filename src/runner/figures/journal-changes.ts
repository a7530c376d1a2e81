import { csvRows } from '../../core/csv/index.js';
import { toMinorUnits } from '../../money/index.js';
import type { JournalChanges, JournalVoucher } from '../manifest/manifest.js';

interface ReadVoucher {
  date: string;
  /** The debtor line's amount in øre (the voucher's first line: each voucher is written debtor first). */
  debtor: number;
  /** Its lines without the text column, which only the language changes. */
  lines: string[];
}

// A journal's columns (pages/_journal-csv.ts): date, voucher, account, text, amount_dkk, vat_code, currency, amount_currency.
function vouchersOf(csv: string): Map<string, ReadVoucher> {
  const out = new Map<string, ReadVoucher>();
  for (const [k, row] of csvRows(csv).entries()) {
    if (k === 0 || row.length < 8) continue;
    const [date, voucher, account, , amount, vatCode, currency, amountCurrency] = row as [string, string, string, string, string, string, string, string];
    let v = out.get(voucher);
    if (!v) {
      const debtor = /^-?\d+(\.\d+)?$/.test(amount) ? toMinorUnits(amount) : 0;
      out.set(voucher, (v = { date, debtor, lines: [] }));
    }
    v.lines.push([date, account, amount, vatCode, currency, amountCurrency].join(','));
  }
  return out;
}

/**
 * How the journal `current` differs from `previous`, the one the last run of the month wrote
 * (`previousSha256`, as its manifest lists it): vouchers gone, new, or with other lines. Undefined
 * when they book the same (the texts aside). A rerun replaces the month's journal; a bookkeeping
 * system that imported the earlier one has the vouchers gone still booked unless a person is told.
 */
export function journalChanges(previous: string, current: string, previousSha256: string): JournalChanges | undefined {
  const before = vouchersOf(previous);
  const now = vouchersOf(current);
  const entry = (voucher: string, v: ReadVoucher): JournalVoucher => ({ voucher, date: v.date, debtor_ore: v.debtor });
  const removed = [...before].filter(([voucher]) => !now.has(voucher)).map(([voucher, v]) => entry(voucher, v));
  const added = [...now].filter(([voucher]) => !before.has(voucher)).map(([voucher, v]) => entry(voucher, v));
  const changed = [...now].flatMap(([voucher, v]) => {
    const was = before.get(voucher);
    return was && was.lines.join('\n') !== v.lines.join('\n') ? [{ voucher, date: v.date, before_ore: was.debtor, after_ore: v.debtor }] : [];
  });
  return removed.length || added.length || changed.length ? { previous_sha256: previousSha256, removed, added, changed } : undefined;
}
