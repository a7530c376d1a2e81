import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from './atomic-write.js';
import type { OutputWriter } from './_output-writer.js';
import { sha256 } from './hash.js';
import { SecretScrubber } from './_secret-scrubber.js';
import type { Manifest, ManifestFile, ManifestSummary, OrgOutcome, PartOutcome } from './manifest.js';
import { renderSummary } from './summary.js';

export interface FinishInput {
  monthDir: string;
  writer: OutputWriter;
  month: string;
  baseUrl: string;
  startedAt: Date;
  organizations: OrgOutcome[];
  partner: PartOutcome | null;
  interrupted: boolean;
  options: Manifest['options'];
  /** Token values of this run: scrubbed from the manifest and summary whatever put them there. */
  secrets: Array<string | undefined>;
  summaryLanguage: string;
  version: string;
}

// Files an earlier run made that this run did not touch (an org that failed or was not run this
// time, a service PDF from a run with --with-service-pdf) stay listed while they are on disk.
async function keptFiles(input: FinishInput): Promise<ManifestFile[]> {
  const touched = new Set(input.writer.files.map((f) => f.path));
  const kept: ManifestFile[] = [];
  for (const prev of input.writer.previousFiles()) {
    if (touched.has(prev.path) || prev.kind === 'summary') continue;
    const st = await stat(join(input.monthDir, prev.path)).catch(() => undefined);
    if (st?.isFile() && st.size === prev.size) kept.push({ ...prev, status: 'kept' });
  }
  return kept;
}

function einvoices(orgs: OrgOutcome[], status: 'written' | 'failed'): number {
  return orgs.reduce((n, o) => n + o.invoices.filter((i) => i.einvoice === status).length, 0);
}

function summarize(month: string, orgs: OrgOutcome[], files: ManifestFile[], interrupted: boolean): ManifestSummary {
  const count = (s: OrgOutcome['status']) => orgs.filter((o) => o.status === s).length;
  const files_ = (s: ManifestFile['status']) => files.filter((f) => f.status === s).length;
  return {
    month, organizations: orgs.length, ok: count('ok'), skipped: count('skipped'), failed: count('failed'),
    interrupted_orgs: count('interrupted'), not_run: count('not_run'), files: files.length,
    written: files_('written'), rewritten: files_('rewritten'), unchanged: files_('unchanged'), kept: files_('kept'),
    einvoices: einvoices(orgs, 'written'), einvoices_failed: einvoices(orgs, 'failed'),
    bytes: files.reduce((n, f) => n + f.size, 0), interrupted,
  };
}

/** Writes `summary.md` then `manifest.json` (listing the summary too); returns the manifest. */
export async function finishManifest(input: FinishInput): Promise<Manifest> {
  const head = {
    manifest_version: 1 as const,
    tool: { name: 'svc' as const, version: input.version },
    month: input.month,
    base_url: input.baseUrl,
    started_at: input.startedAt.toISOString(),
    finished_at: new Date().toISOString(),
    interrupted: input.interrupted,
    options: input.options,
    organizations: input.organizations,
    partner: input.partner,
  };
  const scrubber = new SecretScrubber(input.secrets);
  const summaryText = scrubber.scrub(renderSummary(head, input.summaryLanguage));
  await writeFileAtomic(join(input.monthDir, 'summary.md'), summaryText);
  const summaryBytes = Buffer.byteLength(summaryText);
  const files: ManifestFile[] = [
    ...input.writer.files,
    ...(await keptFiles(input)),
    { path: 'summary.md', org_id: null, kind: 'summary', size: summaryBytes, sha256: sha256(summaryText), source_sha256: sha256(JSON.stringify(head.organizations)), source: 'this manifest', generator: `svc ${input.version}`, status: 'written' },
  ];
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const manifest: Manifest = { ...head, summary: summarize(input.month, input.organizations, files, input.interrupted), files };
  const text = scrubber.scrub(JSON.stringify(manifest, null, 2));
  await writeFileAtomic(join(input.monthDir, 'manifest.json'), text + '\n');
  return JSON.parse(text) as Manifest;
}
