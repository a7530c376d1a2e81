import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { join } from 'node:path';
import { startReferenceServer, type ReferenceServer } from '../../src/server/index.js';
import { isGroup, type Command, type CommandGroup } from '../../src/cli/_program/command.js';
import { keyRoot, svc } from './_helpers.js';
import { KEYS, cleanup, tempDir } from '../_harness/index.js';

// Loopback HTTP on a 2-core machine shared with other suites: allow for a busy CPU.
vi.setConfig({ testTimeout: 20_000 });

let server: ReferenceServer;
let home: string;
beforeAll(async () => {
  server = await startReferenceServer({
    faults: [
      { path: '/v1/search/service-search', status: 400, times: 1 },
      { path: '/v1/search/service-search', status: 503, times: 3 },
      { path: '/v1/search/service-search', status: 409, times: 1 },
    ],
  });
});
afterAll(() => server.close());
beforeEach(async () => {
  home = await tempDir();
});
afterEach(() => cleanup(home));

const env = (key: string, extra: Record<string, string> = {}) => ({ SVC_CONFIG_DIR: join(home, 'cfg'), SVC_GATEWAY_URL: server.url, SVC_API_KEY: key, ...extra });

describe('svc search', () => {
  // The faults above fail the first four searches of this server, in this order.
  it('reports a failed search with its HTTP status (400, then 503 after the retries, then a 409 in the service\'s own words)', async () => {
    const first = await svc(['search', 'VAT'], { env: env(KEYS.limited) });
    expect(first.code).toBe(1);
    expect(first.stderr).toContain('search failed with HTTP 400');
    const second = await svc(['search', 'VAT'], { env: env(KEYS.limited) });
    expect(second.code).toBe(1);
    expect(second.stderr).toContain('search failed with HTTP 503');
    expect(first.stderr + second.stderr).not.toContain(KEYS.limited);
    // The gateway spec gives 409 no meaning: the service's message, not the reporting API's "setup needs attention".
    const third = await svc(['search', 'VAT'], { env: env(KEYS.limited) });
    expect(third.code).toBe(1);
    expect(third.stderr).toContain('search failed with HTTP 409');
    expect(third.stderr).toContain('injected fault: status 409');
    expect(third.stderr).not.toContain('needs attention');
  });

  it('a blocked key fails with its status, and which key was used', async () => {
    const r = await svc(['search', 'VAT'], { env: env(KEYS.blocked) });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`search failed with HTTP 401: the API key sk-…${KEYS.blocked.slice(-4)} is blocked: the monthly spend limit of $200.00 is reached`);
    expect(r.stderr).toContain('it works again from 2026-12-01 00:00 UTC; used because SVC_API_KEY is set');
  });

  it('prints numbered results with url, snippet and date; -n limits them', async () => {
    const r = await svc(['search', 'skat'], { env: env(KEYS.limited) });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^ 1\. .+\n {4}https:\/\/skat\.dk\//m);
    expect(r.stdout).toMatch(/^ 2\. /m);
    const one = await svc(['search', '-n', '1', 'skat'], { env: env(KEYS.limited) });
    expect(one.stdout).toMatch(/^ 1\. /m);
    expect(one.stdout).not.toMatch(/^ 2\. /m);
    // -n=1 the same (node's parser alone would read the value "=1").
    expect((await svc(['search', '-n=1', 'skat'], { env: env(KEYS.limited) })).stdout).toBe(one.stdout);
  });

  it('--json, --language, --engines, --categories and --time-range go to the service', async () => {
    const all = JSON.parse((await svc(['search', '--json', 'skat'], { env: env(KEYS.limited) })).stdout).results;
    const da = JSON.parse((await svc(['search', '--json', '--language', 'da', 'skat'], { env: env(KEYS.limited) })).stdout).results;
    expect(da.length).toBeGreaterThan(0);
    expect(da.length).toBeLessThan(all.length);
    for (const r of all) expect(Object.keys(r).sort()).toEqual(['date', 'snippet', 'title', 'url']);
    const week = JSON.parse((await svc(['search', '--json', '--time-range', 'week', 'skat'], { env: env(KEYS.limited) })).stdout).results;
    expect(week.length).toBeLessThan(all.length);
    const bad = await svc(['search', '--time-range', 'decade', 'x'], { env: env(KEYS.limited) });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--time-range must be one of day, week, month, year');
    const none = await svc(['search'], { env: env(KEYS.limited) });
    expect(none.code).toBe(2);
  });
});

describe('output conventions', () => {
  it('colour only on a terminal, and never with NO_COLOR', async () => {
    const tty = await svc(['models'], { env: env(KEYS.limited), tty: true });
    expect(tty.stdout).toContain('\u001b[1m');
    const noColor = await svc(['models'], { env: env(KEYS.limited, { NO_COLOR: '1' }), tty: true });
    expect(noColor.stdout).not.toContain('\u001b[');
    const pipe = await svc(['models'], { env: env(KEYS.limited) });
    expect(pipe.stdout).not.toContain('\u001b[');
  });

  it('API text cannot drive the terminal: control characters are removed', async () => {
    const { plainText } = await import('../../src/cli/_output/sanitize.js');
    expect(plainText('evil\u001b]0;pwned\u0007 title\u001b[2J')).toBe('evil]0;pwned title[2J');
  });

  it('every key command has --help with an example', async () => {
    const leaves = (g: CommandGroup, path: string[]): Array<[string[], Command]> =>
      g.commands.flatMap((c) => (isGroup(c) ? leaves(c, [...path, c.name]) : [[[...path, c.name], c] as [string[], Command]]));
    const all = leaves(keyRoot, []);
    expect(all.map(([p]) => p.join(' ')).sort()).toEqual(
      ['auth fields', 'auth list', 'auth login', 'auth logout', 'auth pin', 'auth status', 'auth token', 'auth use', 'models', 'search', 'update', 'usage'],
    );
    for (const [path] of all) {
      const r = await svc([...path, '--help']);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/Examples:\n {2}\$ svc /);
      expect(Math.max(...r.stdout.split('\n').map((l) => l.length))).toBeLessThanOrEqual(80);
    }
  });
});
