import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeServer, type FakeServer } from '../client/_fake-server.js';
import { runs } from '../_tools.js';
import { CAN_MOUNT, tinyDisk } from '../core/_tmpfs.js';
import { nordlysAndFjordlineRun, svcBin, svcInProcess, tokenOf, useReferenceServer } from '../_harness/index.js';

// Issue 43: raw system and parser messages reached users (EISDIR, ENOTDIR, EROFS, a JSON.parse
// message quoting a compressed body, undici's UND_ERR_INVALID_ARG). Each case drives the built
// svc and expects one line in svc's words naming the path or the request, never the raw text.

const ORG = 'org-nordlys';
const OCT = '6f1c2d3e-4a5b-4c6d-8e7f-901a2b3c4d5e';
const reference = useReferenceServer();
let gzipping: FakeServer;
let dir: string;
/** How the server in front compresses: with the header (`header`), or the bytes alone (`bare`). */
let mode: 'header' | 'bare' = 'header';

beforeAll(async () => {
  // Compresses every answer although svc sends no Accept-Encoding, as a misconfigured proxy does.
  gzipping = await startFakeServer((req, res) => {
    void fetch(`${reference.url}${req.url}`, { headers: { authorization: String(req.headers.authorization ?? ''), 'user-agent': 'svc-test' } }).then(async (r) => {
      const body = gzipSync(Buffer.from(await r.arrayBuffer()));
      res.writeHead(r.status, { 'content-type': r.headers.get('content-type') ?? 'application/json', ...(mode === 'header' ? { 'content-encoding': 'gzip' } : {}) });
      res.end(body);
    });
  });
  dir = mkdtempSync(join(tmpdir(), 'svc-system-'));
  writeFileSync(join(dir, 'a-file'), 'not a folder\n');
});
afterAll(async () => {
  await gzipping?.close();
  rmSync(dir, { recursive: true, force: true });
});

const env = (baseUrl: string, extra: Record<string, string> = {}) => ({ SVC_BASE_URL: baseUrl, SVC_REPORTING_TOKEN: tokenOf(ORG), SVC_ORG_ID: ORG, ...extra });
const lines = (s: string) => s.split('\n').filter(Boolean);
/** What a raw message of Node, V8 or undici looks like. */
const RAW = /\bE[A-Z]{3,}: [a-z]|Unexpected token|is not valid JSON|in JSON at position|UND_ERR|, (?:mkdir|open|stat|unlink|rename) '/;

describe('output paths the system refuses', () => {
  it('-o inside a file: one line naming the path, ENOTDIR in words', async () => {
    const r = await svcInProcess(['invoices', 'render', OCT, '-o', join(dir, 'a-file', 'x.pdf')], env(reference.url), { cwd: dir });
    expect(r.code).toBe(1);
    expect(lines(r.stderr)).toEqual([`svc: cannot write ${join(dir, 'a-file', 'x.pdf')}: a part of the path is a file, not a folder (ENOTDIR) (any earlier file there is unchanged)`]);
  });

  it('svc month-end --out inside a file: one line naming the month folder, exit 1', async () => {
    const { cfg, env: tokens } = nordlysAndFjordlineRun(dir, reference.url);
    const r = await svcInProcess(['month-end', '--month', '2026-10', '--config', cfg, '--out', join(dir, 'a-file', 'out')], tokens, { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stderr).not.toMatch(RAW);
    expect(lines(r.stderr).at(-1)).toBe(`svc: cannot use ${join(dir, 'a-file', 'out', '2026-10')}: a part of the path is a file, not a folder (ENOTDIR)`);
  });

  it('--config naming a folder: it says so', async () => {
    mkdirSync(join(dir, 'a-folder'), { recursive: true });
    const r = await svcInProcess(['month-end', '--config', 'a-folder', '--out', join(dir, 'o')], {}, { cwd: dir });
    expect([r.code, lines(r.stderr)[0]]).toEqual([2, 'svc: --config: cannot read a-folder: it is a folder (EISDIR)']);
  });

  it('a config that is not JSON: where and what, not the parser\'s sentence quoting the file', async () => {
    writeFileSync(join(dir, 'bad.json'), '{\n  "base_url": "http://x",\n  organizations: []\n}\n');
    const r = await svcInProcess(['month-end', '--config', 'bad.json', '--out', join(dir, 'o')], {}, { cwd: dir });
    expect([r.code, lines(r.stderr)[0]]).toEqual([2, 'svc: bad.json: $: not valid JSON: unexpected "o" at line 3, column 3']);
  });

  describe.runIf(runs(CAN_MOUNT))('on a read-only file system (a tmpfs remounted read-only)', () => {
    it('svc month-end, svc demo and svc samples generate: one line naming the folder, EROFS in words', async () => {
      const disk = tinyDisk(64)!;
      try {
        disk.readOnly();
        const { cfg, env: tokens } = nordlysAndFjordlineRun(dir, reference.url);
        const month = await svcInProcess(['month-end', '--month', '2026-10', '--config', cfg, '--out', disk.dir], tokens, { cwd: dir });
        expect(month.code).toBe(1);
        expect(month.stderr).not.toMatch(RAW);
        expect(lines(month.stderr).at(-1)).toBe(`svc: cannot make the folder ${join(disk.dir, '2026-10')}: read-only file system (EROFS)`);
        const demo = await svcInProcess(['demo', '--out', join(disk.dir, 'demo')], {}, { cwd: dir });
        expect(demo.code).toBe(1);
        expect(lines(demo.stderr).at(-1)).toBe(`svc: cannot make the folder ${join(disk.dir, 'demo')}: read-only file system (EROFS)`);
        const generate = await svcInProcess(['samples', 'generate', '--orgs', '1', '--keys-per-org', '1', '--months', '1', '--seed', 's', '--out', join(disk.dir, 'data')], {}, { cwd: dir });
        expect(generate.code).toBe(1);
        expect(lines(generate.stderr)).toEqual([expect.stringMatching(new RegExp(`^svc: cannot make the folder ${join(disk.dir, 'data')}\\.partial-\\d+: read-only file system \\(EROFS\\)$`))]);
        expect(readdirSync(disk.dir)).toEqual([]);
      } finally {
        disk.unmount();
      }
    }, 60_000);
  });
});

describe('answers compressed though svc did not ask', () => {
  it('Content-Encoding: gzip: refused naming the request and the encoding, nothing saved', async () => {
    mode = 'header';
    const cwd = mkdtempSync(join(dir, 'gz-'));
    const r = await svcInProcess(['invoices', 'get', OCT, '--json'], env(gzipping.url), { cwd });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).not.toMatch(RAW);
    expect(lines(r.stderr)[0]).toBe(`svc: the reporting API sent an answer this client cannot read (GET /api/orgs/${ORG}/invoices/${OCT}): field $: the answer is compressed (Content-Encoding: gzip), which this client did not ask for (it sends no Accept-Encoding); it cannot be read (the service sent data this client does not understand; report it to the service)`);
    const render = await svcInProcess(['report', 'cost', '--month', '2026-10', '-o', 'cost.xlsx'], env(gzipping.url), { cwd });
    expect(render.code).toBe(1);
    expect(render.stderr).toContain('the answer is compressed (Content-Encoding: gzip)');
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('gzip bytes without the header: "not valid JSON", where, and that it is gzip data, never the bytes', async () => {
    mode = 'bare';
    const r = await svcInProcess(['invoices', 'list'], env(gzipping.url), { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stderr).not.toMatch(RAW);
    expect(lines(r.stderr)[0]).toContain(`(GET /api/orgs/${ORG}/invoices): field $: not valid JSON: unexpected "\\x1f" at line 1, column 1 (it is gzip-compressed data)`);
  });
});

describe('a token no HTTP header can carry', () => {
  it.each([
    ['a control character', 'rt_nordlys\u0001abc', 'U+0001, character 11'],
    ['a character past U+00FF', 'rt_nordlys€abc', 'U+20AC, character 11'],
  ])('%s: one line naming the variable, before any request, never the token', async (_what, token, where) => {
    const r = await svcBin(['invoices', 'list'], env(reference.url, { SVC_REPORTING_TOKEN: token, SVC_DEBUG: '1' }), { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stderr).not.toMatch(RAW);
    expect(r.stderr).not.toContain('rt_nordlys');
    // No request was tried (SVC_DEBUG would show its arrow), so none was retried.
    expect(r.stderr).not.toContain('svc: →');
    expect(lines(r.stderr)).toEqual([`svc: the reporting token (SVC_REPORTING_TOKEN) holds a character an HTTP header cannot carry (${where}), so it cannot be sent (set it to the token exactly as it was issued, on one line)`]);
  });
});
