// What a gh user reaches for (issue 40, item 2): --jq wherever --json is, shell completion run
// by the shells themselves, `svc version`. Against the reference server over HTTP, the built svc.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rootGroup } from '../../src/cli/commands.js';
import { isGroup, type Command, type CommandGroup } from '../../src/cli/_program/command.js';
import { VERSION } from '../../src/version.js';
import { hasFish, hasZsh, runs } from '../_tools.js';
import { KEYS, svcBin, svcInProcess, tokenOf, useReferenceServer } from '../_harness/index.js';

vi.setConfig({ testTimeout: 30_000 });

const server = useReferenceServer();
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'svc-gh-'));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
});

const keyEnv = () => ({ SVC_GATEWAY_URL: server.url, SVC_API_KEY: KEYS.limited, SVC_CONFIG_DIR: join(dir, 'cfg'), SVC_NOW: '2026-11-20T12:00:00Z' });
const reportEnv = () => ({ SVC_BASE_URL: server.url, SVC_REPORTING_TOKEN: tokenOf('org-nordlys'), SVC_ORG_ID: 'org-nordlys' });

function leaves(group: CommandGroup, path = 'svc'): Array<[string, Command]> {
  return group.commands.flatMap((c) => (isGroup(c) ? leaves(c, `${path} ${c.name}`) : [[`${path} ${c.name}`, c] as [string, Command]]));
}

describe('--jq EXPR', () => {
  it('is offered by every command that offers --json, in its --help', async () => {
    const withJson = leaves(rootGroup).filter(([, c]) => 'json' in c.options);
    expect(withJson.length).toBeGreaterThanOrEqual(13);
    for (const [path] of withJson) {
      const r = await svcInProcess([...path.split(' ').slice(1), '--help']);
      expect(r.stdout, path).toMatch(/--jq EXPR +filter the JSON output with a jq expression/);
    }
  });

  it('gives what jq gives on the --json output: strings raw, other values as JSON', async () => {
    const json = JSON.parse((await svcInProcess(['usage', '--json'], keyEnv())).stdout);
    const cost = await svcInProcess(['usage', '--jq', '.total.cost_usd'], keyEnv());
    expect(cost.code).toBe(0);
    expect(cost.stdout).toBe(`${json.total.cost_usd}\n`);
    const rows = await svcInProcess(['usage', '--jq', '.models[] | "\\(.model)\\t\\(.requests)"'], keyEnv());
    expect(rows.stdout).toBe(json.models.map((m: { model: string; requests: number }) => `${m.model}\t${m.requests}\n`).join(''));
    const models = await svcInProcess(['models', '--jq', 'map(.model) | length'], keyEnv());
    const all = JSON.parse((await svcInProcess(['models', '--json'], keyEnv())).stdout) as unknown[];
    expect(models.stdout).toBe(`${all.length}\n`);
  });

  it('on a reporting command, as the API sent it, big numbers and decimals untouched', async () => {
    const list = JSON.parse((await svcInProcess(['invoices', 'list', '--json'], reportEnv())).stdout) as Array<{ invoice_number: string; total_cents: number }>;
    const r = await svcInProcess(['invoices', 'list', '--jq', '.[] | select(.status == "issued") | .invoice_number'], reportEnv());
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split('\n')).toEqual(list.filter((i) => (i as unknown as { status: string }).status === 'issued').map((i) => i.invoice_number));
  });

  it('a mistake in the expression is exit 2 before any request; a failure on the data exit 1, in jq\'s words', async () => {
    const bad = await svcInProcess(['usage', '--jq', '.total |'], { ...keyEnv(), SVC_GATEWAY_URL: 'http://127.0.0.1:9' });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^svc: --jq: syntax error, unexpected end of file/);
    const fails = await svcInProcess(['usage', '--jq', '.models | .foo'], keyEnv());
    expect(fails.code).toBe(1);
    expect(fails.stderr).toBe('svc: --jq: Cannot index array with string "foo"\n');
    expect(fails.stdout).toBe('');
  });

  it('keeps the command\'s exit code (a key of no organization: 1, with its JSON filtered)', async () => {
    const r = await svcInProcess(['usage', '--jq', '.usage_shared'], { ...keyEnv(), SVC_API_KEY: KEYS.noOrg });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('false\n');
  });
});

describe('svc version and --version', () => {
  it('print the same line', async () => {
    const a = await svcInProcess(['version']);
    const b = await svcInProcess(['--version']);
    expect(a.code).toBe(0);
    expect(a.stdout).toBe(`svc ${VERSION}\n`);
    expect(b.stdout).toBe(a.stdout);
  });
});

describe('svc completion', () => {
  const scripts: Record<string, string> = {};
  beforeAll(async () => {
    for (const shell of ['bash', 'zsh', 'fish']) {
      const r = await svcBin(['completion', shell]);
      expect(r.code, r.stderr).toBe(0);
      scripts[shell] = join(dir, `svc.${shell}`);
      writeFileSync(scripts[shell], r.stdout);
    }
  });

  it('refuses a shell it has no script for', async () => {
    const r = await svcInProcess(['completion', 'powershell']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no completion for "powershell": choose bash, zsh or fish');
  });

  /** What bash's completion offers for the words, the last being the one completed. */
  const bash = (...words: string[]) =>
    execFileSync('bash', ['-c', `source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _svc; printf '%s\\n' "\${COMPREPLY[@]}"`, 'x', scripts.bash!, ...words], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean);

  it('bash: commands, subcommands and flags from the command tree; files after a flag that takes a value', () => {
    expect(bash('svc', 'au')).toEqual(['auth']);
    expect(bash('svc', 'auth', 'lo')).toEqual(['login', 'logout']);
    expect(bash('svc', 'usage', '--m')).toEqual(['--month']);
    expect(bash('svc', 'usage', '--j')).toEqual(['--json', '--jq']);
    expect(bash('svc', 'report', 'keys', '--start')).toEqual(['--start-date']);
    expect(bash('svc', 'usage', '--period', '')).toEqual([]);
    expect(bash('svc', 'help', 'mo')).toEqual(['month-end', 'models']);
    expect(bash('svc', 'completion', '')).toEqual(['bash', 'zsh', 'fish']);
    // Every command of the tree is reachable.
    for (const [path] of leaves(rootGroup)) {
      const words = path.split(' ');
      expect(bash(...words.slice(0, -1), words.at(-1)!.slice(0, -1)), path).toContain(words.at(-1));
    }
  });

  it.runIf(runs(hasZsh))('zsh: the same places, each with its description', () => {
    const run = (...words: string[]) =>
      execFileSync('zsh', ['-c', `compdef() {}; _describe() { local n=\${@[-1]}; print -l -- \${(P)n} }; _files() { print FILES }; source "$1"; shift; words=("$@"); CURRENT=$#; _svc`, 'x', scripts.zsh!, ...words], { encoding: 'utf8' })
        .split('\n')
        .filter(Boolean);
    expect(run('svc', 'auth', '')).toContain('login:Save an API key after checking it with the service');
    expect(run('svc', 'usage', '--')).toContain('--month:one calendar month (a current month up to today)');
    expect(run('svc', 'invoices', 'render', '')).toEqual(['FILES']);
  });

  it.runIf(runs(hasFish))('fish: complete -C gives the subcommands and flags with descriptions', () => {
    const run = (line: string) => execFileSync('fish', ['-c', `source $argv[1]; complete -C $argv[2]`, scripts.fish!, line], { encoding: 'utf8' }).split('\n').filter(Boolean);
    expect(run('svc auth lo')).toEqual(['login\tSave an API key after checking it with the service', expect.stringMatching(/^logout\t/)]);
    expect(run('svc usage --mo')).toEqual(['--month\tone calendar month (a current month up to today)']);
    expect(run('svc completion ').map((l) => l.split('\t')[0])).toEqual(['bash', 'fish', 'zsh']);
  });
});
