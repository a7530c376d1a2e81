// Issue 19, item 2: `svc auth status` tells the truth (the built svc against the reference server:
// its first command as the real bin, the others the built code in-process).
import { describe, expect, it } from 'vitest';
import { KEYS, refusedPort, svcBin, svcInProcess, useReferenceServer } from '../_harness/index.js';

const server = useReferenceServer();

describe('svc auth status', () => {
  it('a key of no organization does not "work": it says what fails, and exits 1', async () => {
    const env = { SVC_GATEWAY_URL: server.url, SVC_API_KEY: KEYS.noOrg };
    const r = await svcBin(['auth', 'status'], env);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('Name:   key-orphan-001 (no organization)');
    expect(r.stdout).toContain('Works:  no, it belongs to no organization, so the service refuses it (HTTP 403) for models, usage, key fields and search');
    expect(r.stdout).not.toContain('Works:  yes');
    // Exit 1 with one line on stderr saying why, as every failing command (cli/README.md's exit codes).
    expect(r.stderr).toBe('svc: the key in use does not work: it belongs to no organization, so the service refuses it (HTTP 403) for models, usage, key fields and search\n');
    // What it says is what happens: models answer 403 for this key.
    const models = await svcInProcess(['models'], env);
    expect(models.code).toBe(1);
    expect(models.stderr).toContain('the API key belongs to no organization');
    const json = JSON.parse((await svcInProcess(['auth', 'status', '--json'], env)).stdout);
    expect(json).toMatchObject({ works: false, org_id: null, problem: expect.stringContaining('no organization') });
  });

  it('a working key still says yes and exits 0', async () => {
    const r = await svcInProcess(['auth', 'status'], { SVC_GATEWAY_URL: server.url, SVC_API_KEY: KEYS.limited });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Works:  yes');
    expect(r.stderr).toBe('');
  });

  it('with the service unreachable it still shows the masked key and why, says it could not check, and exits 1', async () => {
    const port = await refusedPort();
    const r = await svcInProcess(['auth', 'status'], { SVC_GATEWAY_URL: `http://127.0.0.1:${port}`, SVC_API_KEY: KEYS.limited });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`Key:    sk-…${KEYS.limited.slice(-4)}`);
    expect(r.stdout).toContain('Why:    SVC_API_KEY is set');
    expect(r.stdout).toContain(`Works:  could not be checked: could not reach the gateway at http://127.0.0.1:${port} (ECONNREFUSED) (check SVC_GATEWAY_URL and the network)`);
    expect(r.stdout + r.stderr).not.toContain(KEYS.limited);
    expect(r.stderr).toBe(`svc: the key in use could not be checked: could not reach the gateway at http://127.0.0.1:${port} (ECONNREFUSED) (check SVC_GATEWAY_URL and the network)\n`);
    const json = JSON.parse((await svcInProcess(['auth', 'status', '--json'], { SVC_GATEWAY_URL: `http://127.0.0.1:${port}`, SVC_API_KEY: KEYS.limited })).stdout);
    expect(json).toMatchObject({ key: `sk-…${KEYS.limited.slice(-4)}`, why: 'SVC_API_KEY is set', works: null, problem: expect.stringContaining('could not reach the gateway') });
  });

  it('a gateway URL that is no URL is also "could not be checked", named as the gateway\'s', async () => {
    const r = await svcInProcess(['auth', 'status'], { SVC_GATEWAY_URL: 'gateway.example.com', SVC_API_KEY: KEYS.limited });
    // A setting that cannot be used: 2, as every other key command exits for it (README's exit codes).
    expect(r.code).toBe(2);
    expect(r.stdout).toContain(`Key:    sk-…${KEYS.limited.slice(-4)}`);
    expect(r.stdout).toContain('Works:  could not be checked: the URL of the gateway (SVC_GATEWAY_URL) "gateway.example.com" is not a URL');
  });
});
