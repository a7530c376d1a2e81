// Issue 38: a run an auditor can verify offline. Two months of the samples (September, then
// October, into one output folder, with the partner workbook) against the reference server over
// HTTP; the server is then closed, and `svc verify` (the built CLI, in this process) checks
// copies of the October folder, each altered the way the issue names: a flipped byte, a summary
// figure one øre off, a PDF replaced by another valid PDF with its manifest line updated, a
// workbook cell changed with its manifest line updated, a deleted file, the kept answers removed,
// an earlier month's manifest altered or removed. What the kept answers are is read here with
// Node's own zlib and crypto, not the code under test.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMonthEnd } from '../../src/runner/run/run-month-end.js';
import type { Manifest } from '../../src/runner/manifest/manifest.js';
import { startReferenceServer } from '../../src/server/index.js';
import { PYTHON } from '../_tools.js';
import { configFor, readTokens, svcInProcess, type SampleTokens } from '../_harness/index.js';

const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');

interface KeptIndex {
  org_id: string | null;
  token_env: string;
  answers: Array<{ method: string; path: string; status?: number; body?: string; text?: string; encoding?: 'gzip'; bytes?: number; sha256?: string }>;
}

let tmp: string;
let out: string;
let tokens: SampleTokens;
let manifest: Manifest;
let copies = 0;

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'svc-verify-'));
  out = join(tmp, 'out');
  tokens = await readTokens();
  const server = await startReferenceServer({});
  try {
    const { config, env } = configFor(server.url, tokens, true);
    await runMonthEnd(config, { outDir: out, month: '2026-09', env, language: 'en' });
    // October with a credit-note series: the void invoice's credit note is made (PDF and XML), and verify makes it again.
    manifest = await runMonthEnd({ ...config, credit_notes: { prefix: 'KN-2026-', next: 1, digits: 4 } }, { outDir: out, month: '2026-10', env, language: 'en', creditNoteDate: '2026-11-20' });
  } finally {
    await server.close();
  }
}, 180_000);

afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

/** A copy of the output folder (both months) to alter; returns its October folder. */
async function copy(): Promise<string> {
  const dir = join(tmp, `copy-${++copies}`);
  await cp(out, dir, { recursive: true });
  return join(dir, '2026-10');
}

async function verify(monthDir: string, ...flags: string[]) {
  const r = await svcInProcess(['verify', monthDir, ...flags], {});
  return { ...r, lines: r.stdout.trimEnd().split('\n') };
}

/** Updates the manifest's line of `path` to the file's size and sha256 now, as someone covering a change would. */
async function coverInManifest(monthDir: string, path: string): Promise<void> {
  const file = join(monthDir, 'manifest.json');
  const m = JSON.parse(await readFile(file, 'utf8')) as Manifest;
  const bytes = await readFile(join(monthDir, path));
  const entry = m.files.find((f) => f.path === path)!;
  entry.size = bytes.length;
  entry.sha256 = sha256(bytes);
  await writeFile(file, `${JSON.stringify(m, null, 2)}\n`);
}

const documentsOf = (m: Manifest) => m.files.filter((f) => ['invoice_json', 'invoice_pdf', 'invoice_xml', 'credit_note_pdf', 'credit_note_xml', 'cost_workbook', 'partner_workbook', 'service_pdf'].includes(f.kind));
const kept = (m: Manifest) => m.files.filter((f) => f.kind === 'api_answers');

describe('the answers behind every figure, kept', () => {
  it('every organization with documents and the partner workbook keep their answers: each body listed in the manifest, as the run received it', async () => {
    const monthDir = join(out, '2026-10');
    const made = new Set(documentsOf(manifest).map((f) => f.org_id));
    const indexes = kept(manifest);
    // One index per unit that made documents (the organizations with files, and the partner workbook).
    expect(new Set(indexes.map((f) => f.org_id))).toEqual(made);
    const listed = new Map(manifest.files.map((f) => [f.path, f]));
    let answers = 0;
    for (const entry of indexes) {
      const index = JSON.parse(await readFile(join(monthDir, entry.path), 'utf8')) as KeptIndex;
      // Monthly usage, key usage, plan cost, the invoice list and records (or the partner status), all of them.
      const paths = index.answers.map((a) => a.path);
      if (entry.org_id) {
        expect(paths.some((p) => p.endsWith('/invoices'))).toBe(true);
        expect(paths.some((p) => p.includes('/monthly-usage'))).toBe(true);
        expect(paths.some((p) => p.includes('/key-usage'))).toBe(true);
        expect(paths.some((p) => p.includes('/plan-cost'))).toBe(true);
      } else expect(paths.some((p) => p.includes('partner'))).toBe(true);
      for (const a of index.answers) {
        if (a.text !== undefined) {
          // A small text body in the index itself, its bytes as received.
          answers++;
          const body = Buffer.from(a.text, 'utf8');
          expect([body.length, sha256(body)], `${entry.path}: ${a.path} as received`).toEqual([a.bytes, a.sha256]);
          expect(body.length).toBeLessThanOrEqual(4 * 1024);
          continue;
        }
        if (!a.body) continue;
        answers++;
        const file = listed.get(a.body);
        expect(file, `${a.body} is in the manifest`).toBeDefined();
        const stored = await readFile(join(monthDir, a.body));
        expect(sha256(stored)).toBe(file!.sha256);
        const body = a.encoding === 'gzip' ? gunzipSync(stored) : stored;
        expect([body.length, sha256(body)], `${a.body}: the answer as received`).toEqual([a.bytes, a.sha256]);
        // Large answers are compressed.
        if (body.length > 64 * 1024) expect(a.encoding).toBe('gzip');
      }
    }
    expect(answers).toBeGreaterThan(10);
  });

  it('never a token: no file of the folder holds one, and no request header is kept', async () => {
    const monthDir = join(out, '2026-10');
    const all = [...tokens.orgs, ...tokens.partners].map((t) => t.token);
    const entries = await readdir(monthDir, { recursive: true, withFileTypes: true });
    for (const e of entries.filter((x) => x.isFile())) {
      const path = join(e.parentPath, e.name);
      let bytes = await readFile(path);
      if (path.endsWith('.gz')) bytes = gunzipSync(bytes);
      for (const token of all) expect(bytes.includes(token), `${relative(monthDir, path)} holds a token`).toBe(false);
      if (e.name === 'index.json') expect(bytes.toString('utf8')).not.toMatch(/authorization|bearer/i);
    }
  });

  it("records the previous month's manifest by its sha256", async () => {
    const september = await readFile(join(out, '2026-09', 'manifest.json'));
    expect(manifest.previous_month).toEqual({ month: '2026-09', manifest_sha256: sha256(september) });
    const first = JSON.parse(september.toString('utf8')) as Manifest;
    expect(first.previous_month).toEqual({ month: '2026-08', manifest_sha256: null });
  });
});

describe('svc verify DIR/<month>', () => {
  it('finds no difference in the folder as the run left it: exit 0, every document made again, one month chained', async () => {
    const r = await verify(join(out, '2026-10'));
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const last = r.lines.at(-1)!;
    expect(last).toMatch(/^2026-10: no differences \(/);
    expect(last).toContain(`${manifest.files.length} files checked against the manifest`);
    expect(last).toContain(`${documentsOf(manifest).length} documents of ${kept(manifest).length} organizations and workbooks made again`);
    expect(last).toContain('1 earlier month in the chain');
    // Havblik's every part was withheld: nothing made, nothing to re-derive, said as a note.
    expect(r.lines.filter((l) => !l.startsWith('note: ')).length).toBe(1);

    const json = await verify(join(out, '2026-10'), '--json');
    expect(json.code).toBe(0);
    const report = JSON.parse(json.stdout) as { ok: boolean; month: string; differences: unknown[]; checked: { documents: number; invoices: number } };
    expect(report).toMatchObject({ ok: true, month: '2026-10', differences: [] });
    expect(report.checked.invoices).toBe(manifest.organizations.reduce((n, o) => n + o.invoices.length, 0));
  }, 60_000);

  it('a checkpoint a killed run left (in_progress, no organizations yet): a month not complete, checked against nothing, exit 1', async () => {
    const dir = await copy();
    // What the run's checkpointer writes (runner/run/_checkpoint.ts): the head, in_progress and the files so far.
    const checkpoint = { manifest_version: 1, tool: manifest.tool, month: '2026-10', base_url: manifest.base_url, started_at: manifest.started_at, in_progress: true, files: manifest.files.slice(0, 3) };
    await writeFile(join(dir, 'manifest.json'), JSON.stringify(checkpoint, null, 2));
    const r = await verify(dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^svc: 2026-10 is not complete: the manifest is a checkpoint \(in_progress\) of a run that has not finished: .*; it lists 3 files so far; run the month end again to finish it \(svc month-end --config <its runs\.json> --out .* --month 2026-10 resumes where it stopped\), then verify it again\n$/);
    // The closing line claims no check it did not make (it read "0 files checked against the manifest", the checkpoint listing 3).
    expect(r.lines).toEqual(['2026-10: not complete (nothing checked until the run has finished)']);
    expect(r.stdout + r.stderr).not.toContain('not a month-end manifest');
  }, 60_000);

  it('a flipped byte: the file against the manifest, and against the PDF made again', async () => {
    const dir = await copy();
    const pdf = manifest.files.find((f) => f.kind === 'invoice_pdf')!.path;
    const bytes = await readFile(join(dir, pdf));
    bytes[Math.floor(bytes.length / 2)]! ^= 0x01;
    await writeFile(join(dir, pdf), bytes);
    const r = await verify(dir);
    expect(r.code).toBe(1);
    expect(r.lines).toContainEqual(expect.stringMatching(new RegExp(`^${pdf}: sha256 .*the manifest says`)));
    expect(r.lines).toContainEqual(expect.stringMatching(new RegExp(`^${pdf}: differs from the PDF re-derived from the kept answers`)));
    expect(r.lines.at(-1)).toMatch(/^2026-10: 2 differences/);
  }, 60_000);

  it('a summary figure changed by one øre, its manifest line updated: the line of summary.md named', async () => {
    const dir = await copy();
    const text = await readFile(join(dir, 'summary.md'), 'utf8');
    // The first amount in the run's totals per currency (`| DKK | 2 | DKK 69,565.70 | …`), one øre more.
    const lines = text.split('\n');
    const at = lines.findIndex((l) => /^\| DKK \| \d+ \| DKK [\d,]+\.\d\d \|/.test(l));
    expect(at).toBeGreaterThan(0);
    const m = /DKK ([\d,]+)\.(\d\d)/.exec(lines[at]!.slice(8))!;
    const cents = BigInt(m[1]!.replace(/,/g, '') + m[2]!) + 1n;
    const shown = `DKK ${(cents / 100n).toLocaleString('en-US')}.${String(cents % 100n).padStart(2, '0')}`;
    lines[at] = lines[at]!.slice(0, 8) + lines[at]!.slice(8).replace(m[0], shown);
    await writeFile(join(dir, 'summary.md'), lines.join('\n'));
    await coverInManifest(dir, 'summary.md');
    const r = await verify(dir);
    expect(r.code).toBe(1);
    expect(r.lines).toContainEqual(expect.stringMatching(new RegExp(`^summary\\.md: not as the run's figures make it: line ${at + 1} reads ".*${shown.replace('.', '\\.')}`)));
    expect(r.lines).toContainEqual(expect.stringMatching(/^manifest\.json: summary\.md: sha256 is/));
  }, 60_000);

  it("a credit note the run made, replaced by another with its manifest line updated: the credit note made again from the invoice differs", async () => {
    const made = manifest.organizations.flatMap((o) => o.invoices).filter((i) => i.credit_note?.status === 'made');
    expect(made.map((i) => [i.status, i.credit_note!.number, i.credit_note!.issue_date])).toEqual([['void', 'KN-2026-0001', '2026-11-20']]);
    const dir = await copy();
    const note = manifest.files.find((f) => f.kind === 'credit_note_pdf')!.path;
    const invoicePdf = made[0]!.files.find((f) => f.endsWith('.pdf') && !f.includes('credit-note'))!;
    await cp(join(dir, invoicePdf), join(dir, note));
    await coverInManifest(dir, note);
    const r = await verify(dir);
    expect(r.code).toBe(1);
    expect(r.lines).toContainEqual(expect.stringMatching(new RegExp(`^${note.replace(/[.]/g, '\\.')}: differs from the PDF re-derived from the kept answers`)));
  }, 60_000);

  it('a journal line changed by one øre, its manifest line updated: the line of books/journal.csv named', async () => {
    const dir = await copy();
    const text = await readFile(join(dir, 'books', 'journal.csv'), 'utf8');
    const lines = text.split('\r\n');
    // The first posting's amount (column 5, a decimal with a point), one øre more.
    const at = 1;
    const cells = lines[at]!.split(',');
    const amount = cells.find((c) => /^-?\d+\.\d\d$/.test(c))!;
    const cents = BigInt(amount.replace('.', '')) + 1n;
    const sign = cents < 0n ? '-' : '';
    const abs = cents < 0n ? -cents : cents;
    const changed = `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
    lines[at] = lines[at]!.replace(amount, changed);
    await writeFile(join(dir, 'books', 'journal.csv'), lines.join('\r\n'));
    await coverInManifest(dir, 'books/journal.csv');
    const r = await verify(dir);
    expect(r.code).toBe(1);
    expect(r.lines).toContainEqual(expect.stringMatching(new RegExp(`^books/journal\\.csv: not as the run's figures make it: line ${at + 1} reads ".*${changed.replace('.', '\\.')}`)));
  }, 60_000);

  it('a PDF replaced by another valid PDF, its manifest line updated: the document made again differs', async () => {
    const dir = await copy();
    const org = manifest.organizations.find((o) => o.invoices.length >= 2)!;
    const [a, b] = org.invoices.map((i) => i.files.find((f) => f.endsWith('.pdf'))!);
    await cp(join(dir, b!), join(dir, a!));
    await coverInManifest(dir, a!);
    const r = await verify(dir);
    expect(r.code).toBe(1);
    expect(r.lines).toContainEqual(expect.stringMatching(new RegExp(`^${a}: differs from the PDF re-derived from the kept answers`)));
    // Its line in the manifest was made to match: no line says the file and the manifest disagree.
    expect(r.lines.filter((l) => l.startsWith(`${a}: `) && /the manifest says/.test(l))).toEqual([]);
  }, 60_000);

  it('a workbook cell changed, its manifest line updated: the sheet and cell named', async () => {
    const dir = await copy();
    const book = manifest.files.find((f) => f.kind === 'cost_workbook')!.path;
    // The first number of the second sheet one more, the workbook packed again (Python's zipfile).
    const script = `
import re, sys, zipfile
path = sys.argv[1]
with zipfile.ZipFile(path) as z:
    items = [(i, z.read(i.filename)) for i in z.infolist()]
with zipfile.ZipFile(path, 'w', zipfile.ZIP_DEFLATED) as z:
    for info, data in items:
        if info.filename == 'xl/worksheets/sheet2.xml':
            text = data.decode()
            m = re.search(r'<c r="([A-Z]+[0-9]+)"[^>]*><v>(-?[0-9]+)</v>', text)
            print(m.group(1))
            data = (text[:m.start(2)] + str(int(m.group(2)) + 1) + text[m.end(2):]).encode()
        z.writestr(info, data)
`;
    const cell = execFileSync(PYTHON, ['-c', script, join(dir, book)], { encoding: 'utf8' }).trim();
    await coverInManifest(dir, book);
    const r = await verify(dir);
    expect(r.code).toBe(1);
    expect(r.lines).toContainEqual(expect.stringMatching(new RegExp(`^${book}: differs from the workbook re-derived from the kept answers: sheet ".+" \\(xl/worksheets/sheet2\\.xml\\), cell ${cell}$`)));
  }, 60_000);

  it('a deleted file: named as missing', async () => {
    const dir = await copy();
    const xml = manifest.files.find((f) => f.kind === 'invoice_xml')!.path;
    await rm(join(dir, xml));
    const r = await verify(dir);
    expect(r.code).toBe(1);
    expect(r.lines).toContain(`${xml}: missing (the manifest lists it)`);
  }, 60_000);

  it('the kept answers removed: it says it cannot re-derive, naming what is missing', async () => {
    const dir = await copy();
    const index = kept(manifest).find((f) => f.org_id !== null)!;
    const org = index.org_id!;
    await rm(join(dir, index.path, '..'), { recursive: true });
    const r = await verify(dir);
    expect(r.code).toBe(1);
    expect(r.lines).toContain(`${index.path}: missing: ${org}'s documents cannot be re-derived without the answers they were made from`);

    // One answer gone: the request it answered is named.
    const dir2 = await copy();
    const list = JSON.parse(await readFile(join(dir2, index.path), 'utf8')) as KeptIndex;
    // An answer in a file of its own (one too large to be kept in the index), of any organization.
    let usage: KeptIndex['answers'][number] | undefined;
    for (const f of kept(manifest).filter((k) => k.org_id !== null)) {
      usage ??= (JSON.parse(await readFile(join(dir2, f.path), 'utf8')) as KeptIndex).answers.find((a) => a.body?.includes('/answers/'));
    }
    await rm(join(dir2, usage!.body!));
    const r2 = await verify(dir2);
    expect(r2.code).toBe(1);
    expect(r2.lines).toContain(`${usage!.body}: missing: it is the kept answer to GET ${usage!.path}, so what was made from it cannot be re-derived`);

    // A small answer kept in the index itself, changed there (and the index covered in the manifest): named too.
    const dir3 = await copy();
    const plan = list.answers.find((a) => a.path.includes('/plan-cost'))!;
    expect(plan.text).toEqual(expect.any(String));
    plan.text = plan.text!.replace(/"seats":(\d+)/, (_, n: string) => `"seats":${Number(n) + 1}`);
    await writeFile(join(dir3, index.path), JSON.stringify(list));
    await coverInManifest(dir3, index.path);
    const r3 = await verify(dir3);
    expect(r3.code).toBe(1);
    expect(r3.lines).toContain(`${index.path}: the answer to GET ${plan.path} kept in it is not the one the run received (its size or sha256 is not the one recorded beside it): cannot re-derive from it`);
  }, 90_000);

  it("an earlier month's manifest altered or removed: the chain shows it", async () => {
    const dir = await copy();
    const september = join(dir, '..', '2026-09', 'manifest.json');
    const text = await readFile(september, 'utf8');
    await writeFile(september, text.replace(/"finished_at": "[^"]+"/, '"finished_at": "2026-10-01T00:00:00.000Z"'));
    const r = await verify(dir);
    expect(r.code).toBe(1);
    expect(r.lines).toContainEqual(expect.stringMatching(/^\.\.\/2026-09\/manifest\.json: altered after 2026-10\/manifest\.json was made: sha256 /));

    await rm(join(dir, '..', '2026-09'), { recursive: true });
    const r2 = await verify(dir);
    expect(r2.code).toBe(1);
    expect(r2.lines).toContainEqual(expect.stringMatching(/^\.\.\/2026-09\/manifest\.json: missing: 2026-10\/manifest\.json records it/));
  }, 90_000);

  it('a file the run did not write, and a folder that is no month of a run', async () => {
    const dir = await copy();
    await writeFile(join(dir, 'org-nordlys', 'extra.pdf'), '%PDF-1.7\n');
    const r = await verify(dir);
    expect(r.code).toBe(1);
    expect(r.lines).toContain('org-nordlys/extra.pdf: not in the manifest (the run did not write it)');
    const none = await verify(join(tmp, 'no-such-month'));
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/no such folder/);
    // The output folder given for one of its months: the months are named.
    const parent = await verify(out);
    expect(parent.code).toBe(2);
    expect(parent.stderr).toContain(`give one of its months: ${join(out, '2026-10')}, ${join(out, '2026-09')}`);
  }, 60_000);
});
