import { describe, expect, it } from 'vitest';
import { parseRunConfig, parseRunConfigJson } from '../../src/runner/config/config.js';
import { RunConfigError } from '../../src/runner/config/config-error.js';

const good = {
  base_url: 'https://reporting.example.com',
  organizations: [
    { org_id: 'org-a', name: 'A ApS', token_env: 'A_TOKEN' },
    { org_id: 'org-b', name: 'B Ltd', token_env: 'B_TOKEN', language: 'en' },
  ],
  partner: { token_env: 'PARTNER_TOKEN' },
};

function errorOf(data: unknown): RunConfigError {
  try {
    parseRunConfig(data, 'runs.json');
  } catch (e) {
    expect(e).toBeInstanceOf(RunConfigError);
    return e as RunConfigError;
  }
  throw new Error('expected a RunConfigError');
}

const clone = () => structuredClone(good) as Record<string, any>;

describe('month-end config', () => {
  it('accepts a good config', () => {
    expect(parseRunConfig(good).organizations[1]!.language).toBe('en');
  });

  it.each<[string, (c: Record<string, any>) => void, string, RegExp]>([
    ['base_url missing', (c) => delete c.base_url, 'base_url', /missing/],
    ['base_url not a URL', (c) => (c.base_url = 'reporting'), 'base_url', /http\(s\) URL/],
    ['base_url with credentials', (c) => (c.base_url = 'https://u:p@x.example'), 'base_url', /without credentials/],
    ['organizations missing', (c) => delete c.organizations, 'organizations', /missing/],
    ['organizations empty', (c) => (c.organizations = []), 'organizations', /at least one/],
    ['org_id missing', (c) => delete c.organizations[1].org_id, 'organizations[1].org_id', /missing/],
    ['org_id empty', (c) => (c.organizations[0].org_id = ''), 'organizations[0].org_id', /empty/],
    ['org_id twice', (c) => (c.organizations[1].org_id = 'org-a'), 'organizations[1].org_id', /twice/],
    ['name wrong type', (c) => (c.organizations[0].name = 5), 'organizations[0].name', /must be the display name/],
    ['token_env missing', (c) => delete c.organizations[1].token_env, 'organizations[1].token_env', /missing/],
    ['token_env not a variable name', (c) => (c.organizations[1].token_env = 'sk-abc 123'), 'organizations[1].token_env', /environment variable name/],
    ['language unknown', (c) => (c.organizations[0].language = 'xx'), 'organizations[0].language', /must be one of/],
    ['a token in the file', (c) => (c.organizations[0].token = 'tok-9f8e7d'), 'organizations[0].token', /environment variable/],
    ['a token instead of token_env', (c) => { delete c.organizations[0].token_env; c.organizations[0].token = 'tok-9f8e7d'; }, 'organizations[0].token', /environment variable/],
    ['a token pasted as token_env', (c) => (c.organizations[0].token_env = 'tok_9f8e7d'), 'organizations[0].token_env', /environment variable name in capitals/],
    ['partner token instead of token_env', (c) => (c.partner = { token: 'tok-9f8e7d' }), 'partner.token', /environment variable/],
    ['unknown top-level field', (c) => (c.extra = 1), 'extra', /unknown field/],
    ['partner token_env bad', (c) => (c.partner.token_env = '1X'), 'partner.token_env', /environment variable name/],
    ['organization not an object', (c) => (c.organizations[0] = 'org-a'), 'organizations[0]', /object with org_id/],
  ])('%s is refused naming the field', (_what, mutate, path, reason) => {
    const c = clone();
    mutate(c);
    const e = errorOf(c);
    expect(e.path).toBe(path);
    expect(e.reason).toMatch(reason);
    expect(e.message).toContain(`runs.json: ${path}:`);
    expect(e.message).not.toContain('tok-9f8e7d');
    expect(e.message).not.toContain('tok_9f8e7d');
  });

  it('refuses text that is not JSON, naming the file', () => {
    expect(() => parseRunConfigJson('{nope', 'runs.json')).toThrow(/runs\.json: \$: not valid JSON/);
  });
});
