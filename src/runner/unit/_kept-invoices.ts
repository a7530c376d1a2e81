import type { ManifestFile, OrgOutcome } from '../manifest/manifest.js';

/** An invoice an earlier run of the month made for the organization: its record's file, and what it names. */
export interface EarlierInvoice {
  id: string;
  invoice_number: string;
  /** Its `invoice-<number>.json`, as the earlier manifest lists it. */
  path: string;
}

// The source the invoice's files are written with (`invoice <id> (<number>)`, _org-run.ts).
const SOURCE = /^invoice (\S+) \((.*)\)$/s;

/**
 * The invoices an earlier run of this month made for the unit, read from the earlier manifest's
 * entries of their records (`previous`; a checkpoint and a kept entry list them too).
 */
export function earlierInvoicesIn(previous: readonly ManifestFile[]): EarlierInvoice[] {
  const out: EarlierInvoice[] = [];
  for (const f of previous) {
    const m = f.kind === 'invoice_json' ? SOURCE.exec(f.source) : null;
    if (m) out.push({ id: m[1]!, invoice_number: m[2]!, path: f.path });
  }
  return out;
}

/**
 * The one rule for invoices an earlier run of the month made and this run did not read again: the
 * service withheld its list (403, 409) or its list no longer has them for the month. Invoices are
 * kept, never deleted (the API's contract), so their files stay, but no figure, book or VAT return
 * of this run can count them, and exit 0 would let the month's books lose them unnoticed (an
 * operator's audit found both: a rotated token, a list answering `[]`). Decided where the
 * organization's outcome is made, so the progress line, manifest, pages, books and `svc verify`'s
 * replay read one status. Returns the unread invoices and the invoices part's reason, or
 * undefined when every earlier invoice was read again (or the part failed before it could tell).
 */
export function keptInvoicesNotRead(earlier: readonly EarlierInvoice[], out: Pick<OrgOutcome, 'parts' | 'invoices'>): { unread: EarlierInvoice[]; reason: string } | undefined {
  const part = out.parts.find((p) => p.part === 'invoices');
  if (!part || part.status === 'failed') return undefined;
  const read = new Set(out.invoices.map((i) => i.id));
  const unread = earlier.filter((e) => !read.has(e.id));
  if (!unread.length) return undefined;
  const one = unread.length === 1;
  const numbers = unread.map((e) => e.invoice_number).join(', ');
  const named = `${one ? 'invoice' : 'invoices'} ${numbers} (made by an earlier run of this month)`;
  const why = part.status === 'ok'
    ? `the service's invoice list no longer lists ${named} for the month, though invoices are kept, never deleted`
    : `${part.reason ?? 'the invoices were withheld'}; so this run could not read ${named} again`;
  return { unread, reason: `${why}: ${one ? 'its' : 'their'} files are kept, but no figure, book or VAT return of this run counts ${one ? 'it' : 'them'}; run again when the service lists ${one ? 'it' : 'them'}` };
}
