import { describe, expect, it } from 'vitest';
import { rootGroup } from '../../src/cli/commands.js';
import { parseQueueUrl } from '../../src/queue/_connection.js';
import { organizationJobId, partnerJobId, queueName } from '../../src/queue/_names.js';
import { isTransientFailure } from '../../src/queue/worker/_retry-decision.js';
import type { OrgOutcome } from '../../src/runner/manifest/manifest.js';
import { svc } from '../_harness/index.js';

async function cli(argv: string[]): Promise<{ code: number; stderr: string }> {
  const { code, stderr } = await svc(argv, { root: rootGroup });
  return { code, stderr };
}

describe('queue flags', () => {
  it('refuses --rate without --queue, --threads or --concurrency with it, and a worker without --queue', async () => {
    const base = ['month-end', '--config', 'runs.json', '--out', 'out'];
    expect(await cli([...base, '--rate', '5'])).toMatchObject({ code: 2, stderr: expect.stringContaining('--rate needs --queue') });
    expect(await cli([...base, '--queue', 'redis://h:6379', '--threads', '2'])).toMatchObject({ code: 2, stderr: expect.stringContaining('--threads does not go with --queue') });
    expect(await cli([...base, '--queue', 'redis://h:6379', '--rate', '0'])).toMatchObject({ code: 2, stderr: expect.stringContaining('--rate must be a whole number from 1 to 100000') });
    expect(await cli(['worker'])).toMatchObject({ code: 2, stderr: expect.stringContaining('--queue is required') });
    expect(await cli(['worker', '--queue', 'redis://h', '--month', '2026-13'])).toMatchObject({ code: 2, stderr: expect.stringContaining('--month must be a month') });
  });
});

describe('queue URL', () => {
  it('takes redis:// and rediss:// with an optional database, and never shows the password', () => {
    expect(parseQueueUrl('redis://queue-host:6379/2', {}).where).toBe('redis://queue-host:6379/2');
    const c = parseQueueUrl('rediss://ops:hunter2-secret@queue-host:6380', {});
    expect(c.where).toBe('rediss://ops:***@queue-host:6380');
    expect(c.options.url).toContain('hunter2-secret');
    const fromEnv = parseQueueUrl('redis://queue-host', { SVC_REDIS_PASSWORD: 'from-env-pw' });
    expect(fromEnv.options.password).toBe('from-env-pw');
    expect(fromEnv.where).not.toContain('from-env-pw');
  });

  it('refuses other schemes, a database that is not a number, queries, and names no password doing so', () => {
    expect(() => parseQueueUrl('http://queue-host:6379', {})).toThrow(/^queue: must start with redis:\/\/ or rediss:\/\//);
    expect(() => parseQueueUrl('redis://queue-host/jobs', {})).toThrow('the database must be a number');
    expect(() => parseQueueUrl('redis://queue-host?db=1', {})).toThrow('must not have a query');
    let message = '';
    try {
      parseQueueUrl('redis://u:pw-123456@', {});
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(/^queue: /);
    expect(message).not.toContain('pw-123456');
  });
});

describe('queue and job names', () => {
  it('are stable, free of ":" (BullMQ refuses it) and distinct per organization', () => {
    expect(queueName('2026-10')).toBe('svc-month-end-2026-10');
    expect(organizationJobId('2026-10', 'org-nordlys')).toBe('2026-10.org.org-nordlys');
    expect(organizationJobId('2026-10', 'a:b/c')).toBe('2026-10.org.a%3Ab%2Fc');
    const long1 = organizationJobId('2026-10', 'x'.repeat(300) + '1');
    const long2 = organizationJobId('2026-10', 'x'.repeat(300) + '2');
    expect(long1).not.toBe(long2);
    expect(long1.length).toBeLessThan(130);
    expect(partnerJobId('2026-10')).toBe('2026-10.partner');
    for (const id of [long1, partnerJobId('2026-10'), organizationJobId('2026-10', ':::')]) expect(id).not.toContain(':');
  });
});

describe('which failures the queue retries', () => {
  const org = (parts: OrgOutcome['parts'], status: OrgOutcome['status'] = 'failed'): OrgOutcome => ({ org_id: 'o', name: 'O', folder: 'o', status, parts, invoices: [], cost: null });
  it('retries server errors, timeouts and lost connections, never a final 4xx or a missing token', () => {
    expect(isTransientFailure(org([{ part: 'invoices', status: 'failed', http_status: 503 }]))).toBe(true);
    expect(isTransientFailure(org([{ part: 'invoices', status: 'failed', http_status: 429 }]))).toBe(true);
    expect(isTransientFailure(org([{ part: 'cost_workbook', status: 'failed', reason: 'connection reset' }]))).toBe(true);
    expect(isTransientFailure(org([{ part: 'invoices', status: 'failed', http_status: 401 }, { part: 'cost_workbook', status: 'failed', http_status: 401 }]))).toBe(false);
    expect(isTransientFailure(org([{ part: 'invoices', status: 'failed', http_status: 404 }]))).toBe(false);
    expect(isTransientFailure(org([{ part: 'invoices', status: 'skipped', http_status: 403 }], 'skipped'))).toBe(false);
    expect(isTransientFailure(org([]))).toBe(false);
    expect(isTransientFailure({ part: 'partner_workbook', status: 'failed', http_status: 502 })).toBe(true);
    expect(isTransientFailure({ part: 'partner_workbook', status: 'failed', http_status: 401 })).toBe(false);
  });
});
