// Periods that reach past the service's today (issue 18 item 2), against the reference server over HTTP.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReferenceServer } from '../../src/server/index.js';
import type { KeyUsageEntry } from '../../src/model/index.js';
import { InvalidRequestError } from '../../src/client/errors/index.js';
import { decimalsAsText } from '../../src/cli/report/_json.js';
import { reporting, svc, tokenOf } from '../_harness/index.js';
import { startReferenceServer } from '../../src/server/index.js';

let server: ReferenceServer;
const requests: string[] = [];
beforeAll(async () => {
  server = await startReferenceServer();
});
afterAll(() => server.close());

const logged = (org: string) => reporting(server, org, { logger: (l) => l.includes('→') && requests.push(l) });
/** The start dates of the date ranges requested. */
const starts = () => requests.flatMap((l) => /start_date=(\d{4}-\d{2}-\d{2})/.exec(l)?.[1] ?? []);

describe('a period that reaches past the service\'s today', () => {
  it('the server\'s today is the samples\' 2026-11-20', () => {
    expect(server.today).toBe('2026-11-20');
  });

  it('a split range ending after today returns what exists, as one in-limit request does', async () => {
    requests.length = 0;
    const u = await logged('org-kattegat').getKeyUsage({ start_date: '2025-11-20', end_date: '2027-06-01' });
    expect([u.start_date, u.end_date]).toEqual(['2025-11-20', '2026-11-20']);
    // No request for a range wholly after today.
    expect(starts().every((s) => s <= '2026-11-20')).toBe(true);
    const one = await reporting(server, 'org-kattegat').getKeyUsage({ start_date: '2025-11-20', end_date: '2026-11-20' });
    expect(decimalsAsText(u)).toEqual(decimalsAsText(one));
  });

  it('the same when streamed, key by key', async () => {
    const keys: KeyUsageEntry[] = [];
    const head = await reporting(server, 'org-kattegat').streamKeyUsage({ start_date: '2025-11-20', end_date: '2027-06-01' }, (k) => keys.push(k));
    const whole = await reporting(server, 'org-kattegat').getKeyUsage({ start_date: '2025-11-20', end_date: '2026-11-20' });
    expect(decimalsAsText({ ...head, keys })).toEqual(decimalsAsText(whole));
  });

  it('a range ending after today whose first part ends before the current month', async () => {
    requests.length = 0;
    const u = await logged('org-nordlys').getKeyUsage({ start_date: '2024-01-15', end_date: '2026-11-25' });
    expect([u.start_date, u.end_date]).toEqual(['2024-01-15', '2026-11-20']);
    expect(starts().every((s) => s <= '2026-11-20')).toBe(true);
    const total = (await Promise.all([
      reporting(server, 'org-nordlys').getKeyUsage({ start_date: '2024-01-15', end_date: '2024-12-31' }),
      reporting(server, 'org-nordlys').getKeyUsage({ start_date: '2025-01-01', end_date: '2025-12-31' }),
      reporting(server, 'org-nordlys').getKeyUsage({ start_date: '2026-01-01', end_date: '2026-11-20' }),
    ])).reduce((s, p) => s.plus(p.totals.spend_usd), u.totals.spend_usd.minus(u.totals.spend_usd));
    expect(u.totals.spend_usd.toFixed()).toBe(total.toFixed());
  });

  it('a period wholly after today is refused naming start_date, with no request for it', async () => {
    requests.length = 0;
    const err = await logged('org-nordlys').getKeyUsage({ start_date: '2027-01-01', end_date: '2028-06-01' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InvalidRequestError);
    expect((err as InvalidRequestError).field).toBe('start_date');
    expect((err as Error).message).toContain('2026-11-20');
    expect(starts()).toEqual([]);
  });

  it('svc report keys --start-date 2025-11-20 --end-date 2026-12-31 works', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-today-'));
    const env = { SVC_BASE_URL: server.url, SVC_ORG_ID: 'org-kattegat', SVC_REPORTING_TOKEN: tokenOf('org-kattegat'), NO_COLOR: '1' };
    const r = await svc(['report', 'keys', '--start-date', '2025-11-20', '--end-date', '2026-12-31', '--json'], { env: env, cwd: dir });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const got = JSON.parse(r.stdout) as { start_date: string; end_date: string };
    expect([got.start_date, got.end_date]).toEqual(['2025-11-20', '2026-11-20']);
  });
});
