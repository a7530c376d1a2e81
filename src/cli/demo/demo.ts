import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Command } from '../_program/command.js';
import { str } from '../_program/args.js';
import { checkOutputFolder } from '../_output/output-file.js';
import { plainText } from '../_output/sanitize.js';
import { describeResult, languageArg, runWithProgress } from '../month-end/month-end.js';
import { availableLanguages, getLocale } from '../../locale/index.js';
import { BUNDLED_SAMPLES_DIR, startReferenceServer } from '../../server/index.js';
import { parseRunConfigJson } from '../../runner/config/index.js';
import { previousMonth } from '../../runner/options/index.js';
import { partNotes } from '../../runner/progress/index.js';
import { orgStatus, statusWord } from '../../runner/status/index.js';

interface SampleTokens {
  orgs: Array<{ org_id: string; token: string }>;
  partners?: Array<{ org_id: string; token: string }>;
}

// The variable a sample organization's token is passed in: SVC_DEMO_TOKEN_ORG_NORDLYS.
function tokenVariable(orgId: string): string {
  return `SVC_DEMO_TOKEN_${orgId.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}`;
}

// Display names come from the dataset's org records; the reporting API has none.
async function orgName(orgId: string): Promise<string> {
  try {
    const org = JSON.parse(await readFile(join(BUNDLED_SAMPLES_DIR, 'orgs', orgId, 'org.json'), 'utf8')) as { name?: unknown };
    return typeof org.name === 'string' && org.name ? org.name : orgId;
  } catch {
    return orgId;
  }
}

export const demoCommand: Command = {
  name: 'demo',
  summary: 'The month end over the bundled samples, on a local reference server (nothing else needed)',
  usage: 'demo [--out DIR] [--language da|en] [--rates FILE]',
  examples: ['svc demo', 'svc demo --out /tmp/svc-demo --language da'],
  options: {
    out: { type: 'string', valueName: 'DIR', description: 'output folder (default ./svc-demo)' },
    rates: { type: 'string', valueName: 'FILE', description: 'exchange rates file, as svc month-end --rates (default: the samples\' rates in the ECB\'s format, samples/rates/sample-ecb-rates-2026.csv)' },
    language: { type: 'string', valueName: 'LANG', description: `language of every document (${availableLanguages().join('|')}); default per organization` },
  },
  async run(io, args) {
    const outDir = await checkOutputFolder('--out', str(args, 'out') ?? 'svc-demo', io.cwd);
    const language = languageArg(args);
    const tokens = JSON.parse(await readFile(join(BUNDLED_SAMPLES_DIR, 'tokens.json'), 'utf8')) as SampleTokens;
    const server = await startReferenceServer({ host: '127.0.0.1', port: 0 });
    const tmp = await mkdtemp(join(tmpdir(), 'svc-demo-'));
    try {
      // Tokens travel only in the run's environment; the config names the variables.
      const env: Record<string, string | undefined> = { ...io.env };
      const organizations = [];
      for (const { org_id, token } of tokens.orgs) {
        env[tokenVariable(org_id)] = token;
        organizations.push({ org_id, name: await orgName(org_id), token_env: tokenVariable(org_id) });
      }
      const partner = tokens.partners?.[0];
      if (partner) env.SVC_DEMO_PARTNER_TOKEN = partner.token;
      const configPath = join(tmp, 'runs.json');
      const configText = JSON.stringify({ base_url: server.url, organizations, ...(partner ? { partner: { token_env: 'SVC_DEMO_PARTNER_TOKEN' } } : {}) }, null, 2);
      await writeFile(configPath, configText, { mode: 0o600 });
      const config = parseRunConfigJson(await readFile(configPath, 'utf8'), configPath);
      // The dataset's "today" decides the month: the month before it (2026-10 for the samples).
      const month = previousMonth(new Date(`${server.today}T00:00:00Z`));
      io.stderr.write(`Reference server on ${server.url} (dataset today ${server.today}); month end for ${month}, ${organizations.length} organizations\n`);
      // The samples' rates in the ECB's format (sample figures for the sample dataset, not published ones): the EUR invoice reaches DKK.
      const rates = str(args, 'rates') === undefined ? join(BUNDLED_SAMPLES_DIR, 'rates', 'sample-ecb-rates-2026.csv') : resolve(io.cwd, str(args, 'rates')!);
      // The dataset's "today" is the run's day too: the credit notes the summary names are dated by it, the same on any date.
      const { manifest, code } = await runWithProgress(io, { config, outDir, month, language, withServicePdf: false, json: false, env, rates, creditNoteDate: server.today });
      const monthDir = join(outDir, month);
      io.stdout.write(describeResult(manifest, monthDir));
      const lines = ['', 'Per organization (invoice PDFs and JSON, cost workbook):'];
      // A folder is named only where the run made (or kept) a file in it.
      const withFiles = new Set(manifest.files.flatMap((f) => (f.org_id === null ? [] : [f.org_id])));
      for (const o of manifest.organizations) {
        const notes = partNotes(o);
        const where = withFiles.has(o.org_id) ? `${join(monthDir, o.folder)}/` : `${o.org_id} (no folder: nothing made)`;
        lines.push(`  ${where}  ${statusWord(orgStatus(o), getLocale('en'))}${notes.length ? ` (${notes.join('; ')})` : ''}`);
      }
      if (manifest.partner?.status === 'ok') lines.push(`Partner workbook: ${join(monthDir, 'partner-status.xlsx')}`);
      // Text from the data is printed by the one rule (no control reaches the terminal), each line on its own.
      io.stdout.write(lines.map(plainText).join('\n') + '\n');
      return code;
    } finally {
      await rm(tmp, { recursive: true, force: true });
      await server.close();
    }
  },
};
