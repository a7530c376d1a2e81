import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runMonthEnd } from '../../src/runner/run/run-month-end.js';
import { sha256 } from '../../src/runner/manifest/hash.js';
import type { Manifest } from '../../src/runner/manifest/manifest.js';
import { generateDataset } from '../../src/server/index.js';
import { verifyRun } from '../../src/verify/index.js';
import { hasRedis, runs } from '../_tools.js';
import { NO_REDIS_REASON, configFor, readTokens, svcInProcess, waitFor, useQueue, type CliProcess, type SampleTokens } from '../_harness/index.js';

// 24 generated organizations through `svc month-end --queue` and two `svc worker` processes
// against the reference server over loopback HTTP and a real redis-server; one worker is killed
// with SIGKILL mid-run and the other takes its jobs over. Compared with an in-process run of the
// same month, file by file.
//
// Why these counts: the point needs one worker killed with jobs in hand and one that survives to
// take them over, so two workers. The victim starts first and is killed once it has finished
// KILL_AFTER with jobs in hand (read from Redis), the survivor started after its first: 24 leave
// jobs waiting then. Each organization costs a PDF, XML and workbook twice (queue and in-process), and each
// worker its own start-up and warm-up; it was 80 organizations and three workers (28 s of CPU).
// Three keys an organization (it was eight): the keys only fill the workbooks, which both runs
// write, and what is compared is the same either way.

const MONTH = '2026-10';
const ORGS = 24;
const KILL_AFTER = 3;

let tokens: SampleTokens;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => relative(dir, join(e.parentPath, e.name))).sort();
}

function containsAny(haystack: Buffer, needles: string[]): string | undefined {
  return needles.find((n) => haystack.includes(n));
}

describe.runIf(runs(hasRedis))('month end on a BullMQ queue with two workers, one killed', () => {
  const q = useQueue({
    prefix: 'svc-queue-',
    server: async (tmp) => {
      const data = join(tmp, 'data');
      generateDataset({ orgs: ORGS, keysPerOrg: 3, months: 4, invoicesPerOrg: 3, seed: 'queue-test', out: data });
      // Issue 36: the first organization's October invoice void, the second's charging Danish VAT to a
      // Polish business (held back): the queue's run credits both from the series, as one process does.
      const edit = async (file: string, change: (inv: Record<string, any>) => void) => {
        const path = join(data, 'invoices', file);
        const inv = JSON.parse(await readFile(path, 'utf8')) as Record<string, any>;
        change(inv);
        await writeFile(path, JSON.stringify(inv));
      };
      await edit('org-00001-2026-10.json', (inv) => void (inv.status = 'void'));
      await edit('org-00002-2026-10.json', (inv) => void Object.assign(inv.buyer, { country: 'Polska', cvr: '', vat: 'PL5261040828', ean: '' }));
      tokens = await readTokens(data);
      return { dataDir: data };
    },
  });

  it('does every organization exactly once, byte-identical to one process, with no token in Redis', async () => {
    const base = configFor(q.server.url, tokens, true);
    const config = { ...base.config, credit_notes: { prefix: 'KN-', next: 100 } };
    const { env } = base;
    const configPath = join(q.tmp, 'runs.json');
    await writeFile(configPath, JSON.stringify(config));
    const allTokens = [...tokens.orgs, ...tokens.partners].map((t) => t.token);
    const outQueue = join(q.tmp, 'out-queue');

    // The coordinator has no token at all: only the workers do. The workers are the processes
    // killed and surviving; the coordinator runs as the built CLI in this process (svcInProcess).
    const coordinator = svcInProcess(['month-end', '--month', MONTH, '--config', configPath, '--out', outQueue, '--queue', q.redis.url, '--json', '--credit-note-date', '2026-11-20'], {});
    const workerArgs = ['worker', '--queue', q.redis.url, '--month', MONTH, '--concurrency', '3', '--lock-seconds', '4'];
    const done = (w: CliProcess) => w.stderrLines().filter((l) => /: (ok|skipped|failed), \d+ files?$/.test(l)).length;
    // The victim first, the survivor once the victim is at work: a survivor that started first
    // under a loaded machine once took every job but the victim's last three, which left it
    // nothing in hand when it was killed.
    const victim = q.start(workerArgs, env);
    await waitFor(() => done(victim) >= 1, 'the first worker to finish an organization', 90_000);
    const survivor = q.start(workerArgs, env);
    const holding = async () => (await q.redis.activeJobs(`svc-month-end-${MONTH}`)).some((j) => j.by?.endsWith(` ${victim.child.pid}`));

    // Kill one worker outright once it is well into its share, while jobs are in its hands.
    await waitFor(async () => done(victim) >= KILL_AFTER && (await holding()), `the first worker to finish ${KILL_AFTER} organizations with more in hand`, 90_000);
    const redisMidRun = await q.redis.dump();
    victim.child.kill('SIGKILL');
    expect(await victim.exited).toBe('SIGKILL');
    // What it held when it died: its locks outlive it by --lock-seconds (asked before the kill, a
    // job it finished in between would count as in hand and never be taken over).
    const inHand = (await q.redis.activeJobs(`svc-month-end-${MONTH}`)).filter((j) => j.by?.endsWith(` ${victim.child.pid}`));
    await waitFor(async () => (await q.redis.dump()).some((b) => b.includes('"outcome"')), 'job results in Redis', 10_000);
    const redisLater = await q.redis.dump();

    const coordinated = await coordinator;
    // Nothing failed, one invoice held back: exit 3.
    expect(coordinated.code, coordinated.stderr).toBe(3);
    const stdout = JSON.parse(coordinated.stdout) as { summary: Manifest['summary'] };
    expect(stdout.summary.organizations).toBe(ORGS);
    expect(stdout.summary).toMatchObject({ held_back: 1, credit_notes_made: 2, credit_notes_to_make: 0 });

    // Nothing in Redis ever held a token: keys, job data, progress, return values, events.
    expect(redisMidRun.length).toBeGreaterThan(ORGS);
    for (const chunk of [...redisMidRun, ...redisLater]) expect(containsAny(chunk, allTokens)).toBeUndefined();
    // ...and Redis holds nothing of a finished run.
    expect((await q.redis.keys()).filter((k) => k.includes(`${MONTH}.org.`) || k.includes(`${MONTH}.partner`))).toEqual([]);

    // The same month in one process, for comparison.
    const outLocal = join(q.tmp, 'out-local');
    const local = await runMonthEnd(config, { outDir: outLocal, month: MONTH, env, creditNoteDate: '2026-11-20' });
    const manifest = JSON.parse(await readFile(join(outQueue, MONTH, 'manifest.json'), 'utf8')) as Manifest;

    // Every organization exactly once, in config order, each with the outcome one process gives.
    expect(manifest.organizations.map((o) => o.org_id)).toEqual(config.organizations.map((o) => o.org_id));
    expect(manifest.organizations.map((o) => [o.org_id, o.status])).toEqual(local.organizations.map((o) => [o.org_id, o.status]));
    expect(manifest.organizations.filter((o) => o.status === 'ok').length).toBeGreaterThan(ORGS / 2);
    expect(manifest.partner).toEqual(local.partner);
    // The credit notes the queue's coordinator made: the series in config order, as one process numbers them.
    const credited = (m: Manifest) => m.organizations.flatMap((o) => o.invoices.filter((i) => i.credit_note).map((i) => [i.invoice_number, i.credit_note!.number, i.held_back ?? false]));
    expect(credited(manifest)).toEqual([['G00001-2026-10', 'KN-100', false], ['G00002-2026-10', 'KN-101', true]]);
    expect(credited(local)).toEqual(credited(manifest));
    expect(manifest.interrupted).toBe(false);
    expect(manifest.in_progress).toBeUndefined();
    const paths = manifest.files.map((f) => f.path);
    expect(new Set(paths).size).toBe(paths.length);

    // Same files, same bytes; every listed file whole (size and hash as listed); no temp file left.
    const queueFiles = await filesUnder(join(outQueue, MONTH));
    const localFiles = await filesUnder(join(outLocal, MONTH));
    expect(queueFiles).toEqual(localFiles);
    expect(queueFiles.filter((f) => f.includes('.svc-tmp-'))).toEqual([]);
    expect([...paths, 'manifest.json'].sort()).toEqual(queueFiles);
    for (const f of manifest.files) {
      const bytes = await readFile(join(outQueue, MONTH, f.path));
      expect([f.path, bytes.length, sha256(bytes)]).toEqual([f.path, f.size, f.sha256]);
      // The run's own pages carry its start and end times.
      if (f.path === 'manifest.json' || f.path === 'summary.md' || f.path === 'index.html') continue;
      expect(sha256(await readFile(join(outLocal, MONTH, f.path))), f.path).toBe(f.sha256);
    }
    for (const f of queueFiles) expect(containsAny(await readFile(join(outQueue, MONTH, f)), allTokens), f).toBeUndefined();
    // The workers kept the answers as one process does (issue 38): the folder verifies offline.
    expect(queueFiles.filter((f) => f.endsWith('/answers/index.json')).length).toBeGreaterThan(ORGS / 2);
    expect((await verifyRun(join(outQueue, MONTH))).differences).toEqual([]);

    // The killed worker had jobs in hand; the survivor took them over after its lock lapsed.
    expect(inHand.length).toBeGreaterThan(0);
    const byJob = new Map(config.organizations.map((o) => [`${MONTH}.org.${encodeURIComponent(o.org_id)}`, o.org_id]));
    for (const { id } of inHand) {
      const org = byJob.get(id)!;
      expect(manifest.organizations.find((o) => o.org_id === org)!.status).toMatch(/^(ok|skipped)$/);
      expect(survivor.stderrLines().some((l) => l.startsWith(`svc worker: ${org}: `)), `${org} taken over`).toBe(true);
    }
    survivor.child.kill('SIGINT');
    expect(await survivor.exited).toBe(0);
    expect(survivor.stderrLines().at(-1)).toBe('svc worker: stopped');
  }, 240_000);
});

// Where redis-server is missing the suite above is skipped; this says why, in the test report.
if (!runs(hasRedis)) it.skip(`month end on a BullMQ queue: ${NO_REDIS_REASON}`, () => {});
