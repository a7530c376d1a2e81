// The key holder's walk-through of src/cli/README.md ("Whose today"), run as written against the
// reference server over the bundled samples, with this computer's clock (SVC_NOW) on several days:
// the day the tests run, the samples' own today, and days months and years after it (issue 35).
// Each command's comment quotes what a person sees; the quoted text must be in its output.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer } from '../../src/server/index.js';
import { svcInProcess } from '../_harness/index.js';

const README = fileURLToPath(new URL('../../src/cli/README.md', import.meta.url));
const WRITTEN_URL = 'http://127.0.0.1:8787';

interface Step {
  line: string;
  env: Record<string, string>;
  argv: string[];
  expected: string[];
}

/** The sh block under "## Whose today": its export lines become the environment, each svc line a step. */
async function walkthrough(): Promise<{ serve: string; steps: Step[] }> {
  const page = await readFile(README, 'utf8');
  const section = page.slice(page.indexOf('## Whose today'));
  const block = /```sh\n([\s\S]*?)```/.exec(section)![1]!;
  const env: Record<string, string> = {};
  const steps: Step[] = [];
  let serve = '';
  for (const line of block.split('\n').filter((l) => l.trim() !== '')) {
    const [code, comment = ''] = line.split(/\s+#\s/, 2) as [string, string?];
    const words = code.trim().split(/\s+/);
    if (words[0] === 'export') {
      const [name, value] = words[1]!.split('=', 2) as [string, string];
      env[name] = value;
      continue;
    }
    if (words[0] === 'svc' && words[1] === 'serve') {
      serve = code.trim();
      continue;
    }
    const own: Record<string, string> = {};
    while (/^[A-Z_]+=/.test(words[0]!)) {
      const [name, value] = words.shift()!.split('=', 2) as [string, string];
      own[name] = value;
    }
    expect(words[0], line).toBe('svc');
    steps.push({ line, env: { ...env, ...own }, argv: words.slice(1), expected: [...comment.matchAll(/"([^"]+)"/g)].map((m) => m[1]!) });
  }
  return { serve, steps };
}

let server: Awaited<ReturnType<typeof startReferenceServer>>;
beforeAll(async () => {
  server = await startReferenceServer();
});
afterAll(async () => {
  await server.close();
});

describe("the README's key-holder walk-through works as written on any date", () => {
  it('is there, serves the samples, and says what each command shows', async () => {
    const { serve, steps } = await walkthrough();
    expect(serve).toBe('svc serve --port 8787 &');
    expect(server.today).toBe('2026-11-20');
    expect(steps.length).toBeGreaterThanOrEqual(5);
    expect(steps.every((s) => s.expected.length > 0)).toBe(true);
  });

  // undefined: the day the tests run, whatever it is.
  for (const day of [undefined, '2026-11-20', '2027-01-01', '2028-02-29', '2031-07-01']) {
    it(`on ${day ?? 'the day the tests run'}`, async () => {
      const { steps } = await walkthrough();
      for (const step of steps) {
        const env: Record<string, string> = { SVC_CONFIG_DIR: '/nonexistent/svc-walkthrough', ...(day ? { SVC_NOW: day } : {}), ...step.env };
        if (env.SVC_GATEWAY_URL === WRITTEN_URL) env.SVC_GATEWAY_URL = server.url;
        const r = await svcInProcess(step.argv, env);
        const out = r.stdout + r.stderr;
        // auth status of the blocked key exits 1 (it does not work); nothing is a usage error.
        expect(r.code, `${step.line}\n${out}`).toBeLessThan(2);
        for (const text of step.expected) expect(out.replace(/\s+/g, ' '), `${step.line}`).toContain(text);
      }
    });
  }
});
