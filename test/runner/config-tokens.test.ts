// Issue 14, fault 4 (and org ids "." and ".." of fault 11): a token pasted into the month-end
// config is refused at validation; the last-guard scrub still runs on every output, on the
// records before they are escaped for Markdown.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { runMonthEnd, type MonthEndProgress } from '../../src/runner/run/run-month-end.js';
import { parseRunConfig, refuseTokenValues, type RunConfig } from '../../src/runner/config/config.js';
import { RunConfigError } from '../../src/runner/config/config-error.js';
import { ReportingClient } from '../../src/client/index.js';
import { FakeHttpError, FakeService, invoice } from './_fakes.js';
import { svc } from '../_harness/index.js';

// Tokens with the characters Markdown escaping changes (`_`, `*`), so an escaped copy differs.
const TOKEN_A = 'tok_live_A1b2*C3d4_e5';
const TOKEN_B = 'tok_live_Z9y8*X7w6_v5';
const ENV = { A_TOKEN: TOKEN_A, B_TOKEN: TOKEN_B };

function config(edit: (c: RunConfig) => void = () => {}): RunConfig {
  const c: RunConfig = {
    base_url: 'http://127.0.0.1:1',
    organizations: [
      { org_id: 'org-a', name: 'A ApS', token_env: 'A_TOKEN' },
      { org_id: 'org-b', name: 'B Ltd', token_env: 'B_TOKEN' },
    ],
  };
  edit(c);
  return c;
}

const refusal = (c: RunConfig) => {
  try {
    refuseTokenValues(c, ENV, 'runs.json');
    return undefined;
  } catch (e) {
    return e as RunConfigError;
  }
};

describe('a token pasted into the config', () => {
  test('as a name, an org id or in the base URL: refused naming the field and the variable, never the value', () => {
    const cases: Array<[(c: RunConfig) => void, string, string]> = [
      [(c) => (c.organizations[1]!.name = TOKEN_A), 'organizations[1].name', 'A_TOKEN'],
      [(c) => (c.organizations[0]!.name = `Nordlys ${TOKEN_B} ApS`), 'organizations[0].name', 'B_TOKEN'],
      [(c) => (c.organizations[0]!.org_id = TOKEN_A), 'organizations[0].org_id', 'A_TOKEN'],
      [(c) => (c.base_url = `https://reporting.example.com/${TOKEN_B}`), 'base_url', 'B_TOKEN'],
    ];
    for (const [edit, field, variable] of cases) {
      const err = refusal(config(edit));
      expect(err, field).toBeInstanceOf(RunConfigError);
      expect(err!.message).toBe(`runs.json: ${field}: contains the value of ${variable} (a token); put the token only in the environment and this field's own value here`);
      expect(err!.message).not.toContain(TOKEN_A);
      expect(err!.message).not.toContain(TOKEN_B);
    }
    expect(refusal(config())).toBeUndefined();
  });

  test('svc month-end with such a config: exit 2 naming the field, nothing written, the token nowhere on screen', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-config-'));
    const file = join(dir, 'runs.json');
    writeFileSync(file, JSON.stringify(config((c) => (c.organizations[0]!.name = TOKEN_A))));
    const r = await svc(['month-end', '--config', file, '--out', join(dir, 'out'), '--month', '2026-10'], { env: ENV, cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('organizations[0].name: contains the value of A_TOKEN');
    expect(r.stdout + r.stderr).not.toContain(TOKEN_A);
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });
});

describe('the last guard', () => {
  test('a token in an error text from the service is scrubbed from summary.md, manifest.json and progress lines, escaped or not', async () => {
    const fake = new FakeService(
      {
        'org-a': { invoices: [invoice('org-a', 1)], costError: new FakeHttpError(500, `upstream echoed the request: Bearer ${TOKEN_A} <${TOKEN_B}>`) },
        'org-b': { invoices: [invoice('org-b', 2)] },
      },
      { 'org-a': TOKEN_A, 'org-b': TOKEN_B },
    );
    const out = mkdtempSync(join(tmpdir(), 'svc-scrub-'));
    const progress: MonthEndProgress[] = [];
    await runMonthEnd(config(), { outDir: out, month: '2026-10', env: ENV, deps: fake.deps(), onProgress: (p) => progress.push(p) });
    const summary = readFileSync(join(out, '2026-10', 'summary.md'), 'utf8');
    const manifest = readFileSync(join(out, '2026-10', 'manifest.json'), 'utf8');
    expect(summary).toContain('upstream echoed the request');
    // Markdown's escapes removed, so an escaped copy (`tok\_live\_…`) would show too.
    const unescaped = summary.replace(/\\(.)/g, '$1');
    for (const token of [TOKEN_A, TOKEN_B]) {
      expect(unescaped).not.toContain(token);
      expect(manifest).not.toContain(token);
      expect(JSON.stringify(progress)).not.toContain(token);
    }
  });
});

describe('org ids "." and ".."', () => {
  test('fail config validation and the client', () => {
    for (const id of ['.', '..']) {
      expect(() => parseRunConfig(config((c) => (c.organizations[0]!.org_id = id)), 'runs.json')).toThrow(`runs.json: organizations[0].org_id: must be an organization id, not "." or ".."`);
      expect(() => new ReportingClient({ baseUrl: 'http://127.0.0.1:1', token: 't', orgId: id })).toThrow(`the organization id "${id}" is not an organization id`);
    }
  });
  test('an id with a control or invisible character fails config validation naming the field, not cleaned into another id', () => {
    for (const id of ['org-fjordline\u202e', 'org-\u200bnordlys', 'org-nordlys\n', 'org-\u0007x']) {
      expect(() => parseRunConfig(config((c) => (c.organizations[0]!.org_id = id)), 'runs.json'), JSON.stringify(id)).toThrow(/^runs\.json: organizations\[0\]\.org_id: holds a control or invisible character/);
    }
    // Letters of any script are ids as the dashboard may show them.
    expect(parseRunConfig(config((c) => (c.organizations[0]!.org_id = 'org-فجورد')), 'runs.json').organizations[0]!.org_id).toBe('org-فجورد');
  });
});
