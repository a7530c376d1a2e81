// `svc serve --processes N` over real HTTP: the same answers as one process, a bad N refused
// naming the flag, a serving process that dies ends the serve with one line.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { startReferenceServer, type ReferenceServer } from '../../src/server/index.js';
import { UA } from './_helpers.js';
import { BIN, PARTNER_TOKEN, noOrgsDataset, svcBin, svcInProcess, tokenOf } from '../_harness/index.js';

interface Serve {
  child: ChildProcess;
  url: string;
  stderr: () => string;
  exited: Promise<number | null>;
}

function serve(argv: string[]): Promise<Serve> {
  const child = spawn(process.execPath, [BIN, 'serve', ...argv], { env: { PATH: process.env.PATH, HOME: '/tmp', SVC_NO_UPDATE_CHECK: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d));
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  let url = '';
  child.stdout.on('data', (d: Buffer) => (url += d));
  // Ready once the URL is out and the listening line has followed it on stderr.
  return new Promise((resolve, reject) => {
    const check = () => url.endsWith('\n') && err.includes('listening') && resolve({ child, url: url.trim(), stderr: () => err, exited });
    child.stdout.on('data', check);
    child.stderr.on('data', check);
    void exited.then((code) => reject(new Error(`svc serve exited ${code}: ${err}`)));
  });
}

/** The processes a process started (Linux: /proc/PID/task/PID/children). */
function childrenOf(pid: number): number[] {
  return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
}

/** One GET on a connection of its own (no keep-alive), so successive requests can reach different processes. */
function fetchOnce(url: string, token?: string): Promise<{ status: number; type: string | undefined; body: Buffer }> {
  const headers: Record<string, string> = { 'user-agent': UA, ...(token ? { authorization: `Bearer ${token}` } : {}) };
  return new Promise((resolve, reject) => {
    get(url, { agent: false, headers }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, type: res.headers['content-type'], body: Buffer.concat(parts) }));
    }).on('error', reject);
  });
}

const NL = 'org-nordlys';
const NL_INVOICE = '6f1c2d3e-4a5b-4c6d-8e7f-901a2b3c4d5e';
const requests: Array<[string, string | undefined]> = [
  ['/api/openapi.json', undefined],
  [`/api/orgs/${NL}/invoices`, tokenOf(NL)],
  [`/api/orgs/${NL}/invoices/${NL_INVOICE}`, tokenOf(NL)],
  [`/api/orgs/${NL}/invoices/${NL_INVOICE}/pdf`, tokenOf(NL)],
  [`/api/orgs/${NL}/key-usage?month=2026-10`, tokenOf(NL)],
  [`/api/orgs/${NL}/monthly-usage?year=2026`, tokenOf(NL)],
  [`/api/orgs/${NL}/plan-cost`, tokenOf(NL)],
  ['/api/partner/status', PARTNER_TOKEN],
  [`/api/orgs/${NL}/invoices`, undefined],
  [`/api/orgs/org-kattegat/plan-cost`, tokenOf(NL)],
  ['/api/nowhere', tokenOf(NL)],
];

describe('svc serve --processes', () => {
  // What one process answers: the reference server `svc serve` runs in each serving process, here in
  // this process (a Node start-up and a dataset load less); its port is the one found in use below.
  let one: ReferenceServer;
  let three: Serve;
  beforeAll(async () => {
    [one, three] = await Promise.all([startReferenceServer({}), serve(['--processes', '3'])]);
  });
  afterAll(async () => {
    // Waited for, so that no serving process outlives the file (the dying test has ended it already).
    three?.child.kill('SIGTERM');
    await Promise.all([three?.exited, one?.close()]);
  });

  it('answers every request as one process does, from three processes on one port', async () => {
    expect(childrenOf(three.child.pid!)).toHaveLength(3);
    expect(three.stderr()).toMatch(/in 3 processes/);
    for (const [path, token] of requests) {
      const want = await fetchOnce(one.url + path, token);
      // Six connections of their own: the first process hands each to the next serving process in turn.
      for (let i = 0; i < 6; i++) {
        const got = await fetchOnce(three.url + path, token);
        expect({ path, status: got.status, type: got.type }).toEqual({ path, status: want.status, type: want.type });
        expect(got.body.equals(want.body), `${path}: body differs`).toBe(true);
      }
    }
  });

  // The serves below are about their processes and port, not their answers: a dataset without organizations.
  let data: string;
  beforeAll(() => {
    data = noOrgsDataset();
  });
  afterAll(() => rmSync(data, { recursive: true, force: true }));

  it('SIGTERM stops every serving process, exit 0', async () => {
    const s = await serve(['--processes', '2', '--data', data]);
    const kids = childrenOf(s.child.pid!);
    expect(kids).toHaveLength(2);
    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(0);
    for (const pid of kids) expect(() => process.kill(pid, 0)).toThrow();
  });

  // The three-process serve of the first test, once it has answered its requests: a serve of its
  // own cost three more Node start-ups and dataset loads, and this one's stderr must still be the
  // listening line alone before the serving process's death.
  it('a serving process that dies ends the serve with one line and exit 1, and stops the others', async () => {
    const s = three;
    const [victim, ...others] = childrenOf(s.child.pid!);
    expect(others).toHaveLength(2);
    process.kill(victim!, 'SIGKILL');
    expect(await s.exited).toBe(1);
    const lines = s.stderr().trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^reference server listening on http:\/\/127\.0\.0\.1:\d+ .* in 3 processes/);
    expect(lines[1]).toBe(`svc: serve: serving process ${lines[1]!.match(/process (\d)/)![1]} of 3 (pid ${victim}) was killed by SIGKILL; stopping the others`);
    for (const pid of others) expect(() => process.kill(pid, 0)).toThrow();
  });

  it('a port in use is refused once, by the first serving process, exit 2', async () => {
    const port = new URL(one.url).port;
    const r = await svcBin(['serve', '--processes', '2', '--port', port, '--data', data]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    // The serving process's message as one process gives it, and nothing from the first process after it.
    expect(r.stderr).toBe(`svc: --port ${port}: in use by another program (EADDRINUSE)\nRun "svc serve --help" for usage.\n`);
  });

  // The first as the real bin, the others the built code in this process.
  it.each(['0', '257', 'two', '-1', '', '1.5'])('--processes=%j is refused naming the flag, exit 2, nothing served', async (n) => {
    const r = await (n === '0' ? svcBin : svcInProcess)(['serve', `--processes=${n}`]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.split('\n')[0]).toBe(`svc: --processes must be a whole number from 1 to 256 (got "${n}")`);
  });
});
