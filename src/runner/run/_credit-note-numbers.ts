import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CreditNoteSeries } from '../config/config.js';
import { isMonth } from '../options/month.js';

/** A credit note an earlier run made: its number and date, kept for the same invoice on every rerun. */
export interface MadeCreditNote {
  number: string;
  issue_date: string;
  /** Why no e-invoice was made with it, as the run that made it recorded (absent when it made one, or only its files are known). */
  einvoice_error?: string;
  /** The month folder it is in (seriesState; the unit's own earlier files leave it out: this month's). */
  month?: string;
}

/** The credit notes earlier runs made (by invoice id), and the series' next free number (with a series). */
export interface SeriesState {
  byInvoice: Map<string, MadeCreditNote>;
  /** The next number to use: past `next` and past every number of the series an earlier run used. */
  next: number;
}

/** `prefix` + `n`, zero-padded to the series' `digits`. */
export function seriesNumber(series: CreditNoteSeries, n: number): string {
  return series.prefix + String(n).padStart(series.digits ?? 0, '0');
}

/** The manifest `source` of a credit note's files: what it is made from, and its number and date. */
export function creditNoteSource(number: string, issueDate: string, invoiceId: string): string {
  return `credit note ${number}, dated ${issueDate}, of invoice ${invoiceId}`;
}

const SOURCE = /^credit note ([A-Za-z0-9_-]+), dated (\d{4}-\d{2}-\d{2}), of invoice (.+)$/;

/** The credit note a manifest's file entry is the PDF or XML of (its invoice's id, number and date); undefined for any other file. */
export function creditNoteOfFile(f: unknown): ({ invoice: string } & MadeCreditNote) | undefined {
  const kind = (f as { kind?: unknown })?.kind;
  const m = kind === 'credit_note_pdf' || kind === 'credit_note_xml' ? SOURCE.exec(String((f as { source?: unknown }).source)) : null;
  return m ? { invoice: m[3]!, number: m[1]!, issue_date: m[2]! } : undefined;
}

/**
 * The credit notes a month's manifest records, by invoice id. Read from both the invoices'
 * entries and the files: a checkpoint manifest (a run killed outright) lists only files, and a
 * number once used must never be given again.
 */
export function* madeIn(manifest: unknown): Generator<{ invoice: string } & MadeCreditNote> {
  const files = (manifest as { files?: unknown })?.files;
  if (Array.isArray(files)) {
    for (const f of files) {
      const made = creditNoteOfFile(f);
      if (made) yield made;
    }
  }
  const orgs = (manifest as { organizations?: unknown })?.organizations;
  if (!Array.isArray(orgs)) return;
  for (const o of orgs) {
    const invoices = (o as { invoices?: unknown })?.invoices;
    if (!Array.isArray(invoices)) continue;
    for (const i of invoices) {
      const c = (i as { credit_note?: { status?: unknown; number?: unknown; issue_date?: unknown; einvoice_error?: unknown; month?: unknown } })?.credit_note;
      const id = (i as { id?: unknown })?.id;
      // A failed one with its number was issued (its files are gone or changed on disk): the number stays its.
      if ((c?.status === 'made' || c?.status === 'failed') && typeof c.number === 'string' && typeof c.issue_date === 'string' && typeof id === 'string') {
        yield {
          invoice: id, number: c.number, issue_date: c.issue_date, ...(typeof c.einvoice_error === 'string' ? { einvoice_error: c.einvoice_error } : {}),
          // One another month's run made, which this month's entry only names: it is in that month's folder.
          ...(typeof c.month === 'string' ? { month: c.month } : {}),
        };
      }
    }
  }
}

const CREDIT_NOTE_FILE = /^credit-note-([A-Za-z0-9_-]+)\.(?:pdf|xml)$/;

/**
 * The numbers of the credit-note files in a month folder and its organizations' folders, listed
 * in a manifest or not: one a run made and was killed before any manifest listed it, or one made
 * in the folder by the command the pages give (`svc invoices credit-note … --number KN-77`).
 */
async function numbersOnDisk(monthDir: string): Promise<string[]> {
  const numbers: string[] = [];
  const take = (name: string) => {
    const m = CREDIT_NOTE_FILE.exec(name);
    if (m) numbers.push(m[1]!);
  };
  const entries = await readdir(monthDir, { withFileTypes: true }).catch(() => []);
  for (const e of entries) {
    if (e.isFile()) take(e.name);
    else if (e.isDirectory()) for (const name of await readdir(join(monthDir, e.name)).catch(() => [] as string[])) take(name);
  }
  return numbers;
}

/**
 * What the month folders under `outDir` (`YYYY-MM/manifest.json`, this run's month included)
 * say: the credit note each invoice already has (whatever series it came from), and the number
 * after the highest the series has used, so no number is given twice and numbers only rise. A manifest that
 * cannot be read counts as none (the config's `next` is then the floor). With a series, the
 * credit-note files in the folders count too, listed or not (numbersOnDisk).
 */
export async function seriesState(outDir: string, series: CreditNoteSeries | undefined): Promise<SeriesState> {
  const byInvoice = new Map<string, MadeCreditNote>();
  let highest = 0;
  const count = (number: string) => {
    const rest = series && number.startsWith(series.prefix) ? number.slice(series.prefix.length) : '';
    if (/^\d{1,15}$/.test(rest)) highest = Math.max(highest, Number(rest));
  };
  const months = (await readdir(outDir).catch(() => [] as string[])).filter(isMonth).sort();
  for (const month of months) {
    if (series) for (const number of await numbersOnDisk(join(outDir, month))) count(number);
    let manifest: unknown;
    try {
      manifest = JSON.parse(await readFile(join(outDir, month, 'manifest.json'), 'utf8'));
    } catch {
      continue;
    }
    for (const { invoice, ...made } of madeIn(manifest)) {
      // A credit note another month's folder holds stays that month's, whichever manifest names it last.
      if (made.month === undefined || !byInvoice.has(invoice)) byInvoice.set(invoice, { ...made, month: made.month ?? month });
      count(made.number);
    }
  }
  return { byInvoice, next: Math.max(series?.next ?? 1, highest + 1) };
}

