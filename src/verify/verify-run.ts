import { setMaxListeners } from 'node:events';
import { lstat, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createDefaultDeps } from '../runner/unit/index.js';
import { type OrgOutcome, type PartOutcome } from '../runner/manifest/index.js';
import { VERSION } from '../version.js';
import { checkChain } from './_chain.js';
import type { VerifyContext } from './_context.js';
import { checkFileHashes } from './_file-hashes.js';
import { checkInvoices } from './_invoices.js';
import { checkPages } from './_pages.js';
import { incompleteOf } from './_incomplete.js';
import { readManifest } from './_read-manifest.js';
import { organizationUnit, partnerUnit, rederiveUnit } from './_rederive.js';
import { checkSharedAcrossOrganizations } from './_shared-across.js';
import type { VerifyReport } from './report.js';
import { InvalidArgumentError } from '../core/index.js';

export interface VerifyOptions {
  /** Organizations re-derived at once (default 4). */
  concurrency?: number;
}

/** `a, b, c` or `a, b, c and 7 more`: names in a note a person reads at a glance. */
function listed(names: readonly string[]): string {
  const sorted = [...names].sort();
  return sorted.length <= 4 ? sorted.join(', ') : `${sorted.slice(0, 3).join(', ')} and ${sorted.length - 3} more`;
}

async function monthFolder(dir: string): Promise<string> {
  const path = resolve(dir);
  const st = await lstat(path).catch(() => undefined);
  if (!st) throw new InvalidArgumentError(dir, "no such folder (give a run's month folder, DIR/<month>)");
  if (st.isSymbolicLink()) throw new InvalidArgumentError(dir, 'a symbolic link; give the month folder itself');
  if (!st.isDirectory()) throw new InvalidArgumentError(dir, "not a folder (give a run's month folder, DIR/<month>)");
  // The output folder itself, given for one of its months.
  if (!(await lstat(join(path, 'manifest.json')).catch(() => undefined))) {
    const months = (await readdir(path, { withFileTypes: true }).catch(() => [])).filter((e) => e.isDirectory() && /^\d{4}-\d{2}$/.test(e.name)).map((e) => e.name).sort().reverse();
    if (months.length) throw new InvalidArgumentError(dir, `an output folder with no manifest of its own; give one of its months: ${months.slice(0, 3).map((m) => join(dir, m)).join(', ')}${months.length > 3 ? ', …' : ''}`);
  }
  return path;
}

/**
 * Verifies a month-end run's folder (`DIR/<month>`) offline, from what is in it: no server, no
 * network. Checks every file's size and sha256 against manifest.json (and that no file is there
 * the run did not write); makes every document again from the API answers the run kept, with
 * the run's own unit of work and builders, and compares byte for byte (PDF, XML, workbook, the
 * invoice JSON), with each organization's outcome as the manifest records it; makes the run's
 * figures, summary.md and index.html again from those outcomes and compares them (every table
 * footed); runs checkInvoice on every invoice record; and walks the months' chain back (each
 * manifest records the previous month's manifest sha256). Every difference is one entry naming
 * the file; none means the folder is as the run made it from the answers it kept. A run that did not
 * finish the month (interrupted, killed, organizations not run) is said apart, in `incomplete`.
 * Documents can be made again only by the svc version that made them (the manifest names it).
 * @throws InvalidArgumentError when `dir` is no folder (missing, a file, a symbolic link); what is in it is reported, never thrown
 */
export async function verifyRun(dir: string, options: VerifyOptions = {}): Promise<VerifyReport> {
  const monthDir = await monthFolder(dir);
  const report: VerifyReport = { folder: dir, month: null, differences: [], incomplete: null, notes: [], checked: { files: 0, documents: 0, units: 0, invoices: 0, pages: false, months: 0 } };
  const read = await readManifest(monthDir);
  if ('problem' in read) {
    report.differences.push({ file: 'manifest.json', what: read.problem });
    return report;
  }
  report.incomplete = incompleteOf(read);
  // A checkpoint lists what a run had written when it was written: nothing to check a month against.
  if ('checkpoint' in read) {
    report.month = read.checkpoint.month;
    return report;
  }
  const manifest = read.manifest;
  report.month = manifest.month;
  const tmp = await mkdtemp(join(tmpdir(), 'svc-verify-'));
  const own = createDefaultDeps();
  const controller = new AbortController();
  // One signal for every replayed request: many listeners on it are expected, not a leak.
  setMaxListeners(0, controller.signal);
  try {
    const differences = report.differences;
    const onDisk = await checkFileHashes(monthDir, manifest.files, differences, report.notes);
    report.checked.files = manifest.files.length;
    const ctx: VerifyContext = { monthDir, manifest, listed: new Set(manifest.files.map((f) => f.path)), onDisk, deps: own.deps, tmp, signal: controller.signal, differences, notes: report.notes, madeNothing: [] };
    report.checked.months = await checkChain(ctx);
    report.checked.invoices = await checkInvoices(ctx);
    if (manifest.tool.version !== VERSION) {
      differences.push({ file: 'manifest.json', what: `made by svc ${manifest.tool.version}; this is svc ${VERSION}, whose documents may differ: verify with svc ${manifest.tool.version} (npx svc-reporting@${manifest.tool.version} verify ${dir})` });
      return report;
    }
    const organizations: OrgOutcome[] = [...manifest.organizations];
    const unfinished: string[] = [];
    let next = 0;
    const work = async () => {
      while (next < manifest.organizations.length) {
        const i = next++;
        const o = manifest.organizations[i]!;
        if (o.status === 'interrupted' || o.status === 'not_run') {
          unfinished.push(o.org_id);
          continue;
        }
        const done = await rederiveUnit(ctx, organizationUnit(ctx, o));
        if (!done) continue;
        organizations[i] = done.outcome as OrgOutcome;
        report.checked.units++;
        report.checked.documents += done.documents;
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency ?? 4, 64)) }, work));
    let partner: PartOutcome | null = manifest.partner;
    if (partner) {
      const done = await rederiveUnit(ctx, partnerUnit(ctx, partner));
      if (done) {
        partner = done.outcome as PartOutcome;
        report.checked.units++;
        report.checked.documents += done.documents;
      }
    }
    await checkPages(ctx, checkSharedAcrossOrganizations(ctx, organizations), partner);
    report.checked.pages = true;
    if (unfinished.length) report.notes.push(`${listed(unfinished)} not finished by the run (interrupted or not run): their files are checked against the manifest only`);
    const kept = manifest.files.filter((f) => f.status === 'kept').length;
    if (kept) report.notes.push(`${kept} file${kept === 1 ? '' : 's'} kept from an earlier run of the month: checked against the manifest only`);
    if (ctx.madeNothing.length) report.notes.push(`${listed(ctx.madeNothing)} made nothing this run (every part withheld, or failed before a document): nothing to re-derive`);
    return report;
  } finally {
    controller.abort();
    await own.close();
    await rm(tmp, { recursive: true, force: true });
  }
}
