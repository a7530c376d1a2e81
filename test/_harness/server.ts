// The reference server (src/server) over real loopback HTTP: one a file, over the bundled samples
// or a dataset the test makes (generateDataset, or a copy of samples/ it edits).
import { copyFileSync, cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { cp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startReferenceServer, type ReferenceServer, type ReferenceServerOptions } from '../../src/server/index.js';
import { SAMPLES, tokenOf } from './samples.js';

/**
 * Registers the file's (or describe block's) hooks: a reference server started before its first
 * test and closed after its last. The value returned stands for that server: its `url` and `today`
 * are the running server's. `options` may be a function, called in beforeAll, for a dataset the
 * file makes in an earlier hook (give `hookTimeoutMs` when that takes long).
 */
export function useReferenceServer(options: ReferenceServerOptions | (() => ReferenceServerOptions | Promise<ReferenceServerOptions>) = {}, hookTimeoutMs?: number): ReferenceServer {
  let server: ReferenceServer | undefined;
  const running = (): ReferenceServer => {
    if (!server) throw new Error('the reference server is used before its beforeAll hook started it');
    return server;
  };
  beforeAll(async () => {
    server = await startReferenceServer(typeof options === 'function' ? await options() : options);
  }, hookTimeoutMs);
  afterAll(() => server?.close());
  return {
    get url() {
      return running().url;
    },
    get today() {
      return running().today;
    },
    close: () => running().close(),
  };
}

/** A copy of the bundled samples in `dir`, to change for one test. */
export async function copySamples(dir: string): Promise<string> {
  await cp(SAMPLES, dir, { recursive: true });
  return dir;
}

/** The invoice record `name` (`nordlys-2026-10.json`) of a samples copy in `data` (copySamples), changed by `edit` and written back. */
export async function editSampleInvoice<T>(data: string, name: string, edit: (invoice: T) => void): Promise<void> {
  const file = join(data, 'invoices', name);
  const invoice = JSON.parse(await readFile(file, 'utf8')) as T;
  edit(invoice);
  await writeFile(file, JSON.stringify(invoice));
}

/**
 * A copy of the bundled samples in `dir` where the service's answers to Nordlys hold Nordlys's own
 * reporting token (an outside audit, 2026-12-07): key key-nl-002 is named `tok <token> leak`,
 * and the payment reference of its October invoice 2026-0142 is the token.
 */
export async function samplesWithNordlysToken(dir: string): Promise<string> {
  const data = await copySamples(dir);
  const token = tokenOf('org-nordlys');
  const orgFile = join(data, 'orgs', 'org-nordlys', 'org.json');
  const org = JSON.parse(readFileSync(orgFile, 'utf8')) as { keys: Array<{ id: string; name: string }> };
  org.keys.find((k) => k.id === 'key-nl-002')!.name = `tok ${token} leak`;
  writeFileSync(orgFile, JSON.stringify(org));
  const invoiceFile = join(data, 'invoices', 'nordlys-2026-10.json');
  const invoice = JSON.parse(readFileSync(invoiceFile, 'utf8')) as { buyer: Record<string, unknown> };
  invoice.buyer.payment_reference = token;
  writeFileSync(invoiceFile, JSON.stringify(invoice));
  return data;
}

/** A copy of the bundled samples (a new temporary folder) with some organizations' sharing flags changed. */
export function samplesWithShares(changes: Record<string, Partial<Record<'invoices' | 'usage' | 'subscription', boolean>>>): string {
  const dir = mkdtempSync(join(tmpdir(), 'svc-client-samples-'));
  cpSync(SAMPLES, dir, { recursive: true });
  for (const [orgId, shares] of Object.entries(changes)) {
    const file = join(dir, 'orgs', orgId, 'org.json');
    const org = JSON.parse(readFileSync(file, 'utf8')) as { shares: Record<string, boolean> };
    Object.assign(org.shares, shares);
    writeFileSync(file, JSON.stringify(org, null, 2));
  }
  return dir;
}

/**
 * A dataset folder for a server whose data is not what a test looks at (its OpenAPI document, its
 * processes, its port): the samples' dataset.json and tokens.json without their organizations. A
 * server reads every organization's usage at start; the samples' four were about a third of the
 * CPU of a `svc serve` process's start (0.89 -> 0.63 s). A new temporary folder; the caller removes it.
 */
export function noOrgsDataset(): string {
  const dir = mkdtempSync(join(tmpdir(), 'svc-no-orgs-'));
  for (const f of ['dataset.json', 'tokens.json']) copyFileSync(join(SAMPLES, f), join(dir, f));
  return dir;
}
