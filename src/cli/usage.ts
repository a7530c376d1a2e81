import type { Command, CommandIO, ParsedArgs } from './_command.js';
import { bool, choice } from './_args.js';
import { activityOf } from './_usage/activity.js';
import { clientFor, explained, keyCommandOptions, keyInUse } from './_gateway/client-for.js';
import { plainText, truncate } from './_output/sanitize.js';
import { wrap } from './_output/wrap.js';
import { outputWidth, styleFor } from './_output/style.js';
import { renderTable } from './_output/table.js';
import { USAGE_PERIODS, usagePeriod, type DayRange } from './_usage/period.js';
import { summarizeActivity, usageRowJson } from './_usage/summary.js';
import { usageExtras, usageExtrasJson } from './_usage/extras.js';
import { usageColumns, usageTableRows } from './_usage/table.js';
import { usageOfAllKeys } from './_usage/all-keys.js';
import { timeoutOption } from './_timeout.js';
import { jsonText } from './_output/json-text.js';

const NOT_SHARED = "This key's usage is not shared with its organization, so it cannot be shown.";
const NO_ORG = 'This key belongs to no organization, so it has no usage to show.';
const DELAY_NOTE = 'New requests can take about a minute to appear.';

async function oneKey(io: CommandIO, args: ParsedArgs, period: DayRange, json: boolean, verbose: boolean): Promise<number> {
  const key = await keyInUse(io, args);
  if (verbose) io.stderr.write(`Using key ${key.masked}: ${key.why}.\n`);
  const client = clientFor(io, key.apiKey, key.gateway);
  const { info } = await explained(io, key, client.getKeyInfo());
  const activity = info.usage_shared ? await activityOf(io, client, key, period) : undefined;
  const name = plainText(info.key_alias ?? info.key_name);
  const summary = activity ? summarizeActivity(activity) : undefined;
  if (json) {
    const out = {
      key: key.masked,
      key_name: name,
      period: { name: period.name, start_date: period.start, end_date: period.end },
      usage_shared: summary !== undefined,
      models: summary ? summary.rows.map(usageRowJson) : null,
      total: summary ? usageRowJson(summary.total) : null,
      ...usageExtrasJson(info),
    };
    io.stdout.write(jsonText(out));
    return exitFor(info.org_id);
  }
  const s = styleFor(io.stdout, io.env);
  const width = outputWidth(io);
  const out = [s.bold(truncate(`Usage of key "${name}" (${key.masked})`, width)), `Period: ${period.label} (UTC)`, ''];
  if (!summary) out.push(info.org_id === null ? NO_ORG : NOT_SHARED);
  else if (summary.rows.length === 0) out.push('No requests in this period.');
  else {
    const rows = usageTableRows(summary.rows.map((r) => ({ label: plainText(r.label), row: r })), summary.total);
    out.push(renderTable(usageColumns('MODEL'), rows, width, s).trimEnd());
  }
  const extras = usageExtras(info);
  if (extras.length) out.push('', ...extras.flatMap((p) => wrap(p, width, '', '  ')));
  if (summary) out.push('', s.dim(DELAY_NOTE));
  io.stdout.write(out.join('\n') + '\n');
  return exitFor(info.org_id);
}

/** A key of no organization has no usage at all: a failure (exit 1, README "Exit codes"); usage not shared is an answer (0). */
function exitFor(orgId: string | null): number {
  return orgId === null ? 1 : 0;
}

/** `svc usage`, with the clock injected so tests see a fixed "today". */
export function makeUsageCommand(now: () => Date = () => new Date()): Command {
  return {
    name: 'usage',
    summary: "Show the key's usage and cost per model for a period",
    about:
      'INPUT is the input not read from the prompt cache (cache writes count in it), so INPUT + CACHE READ is all input tokens. ' +
      'Usage the service recorded without a model is its own row, "(no model)"; the TOTAL is the key\'s own total, and the costs ' +
      'shown are rounded so the rows add up to it (exact costs with --json).',
    usage: 'usage [--period today|week|month|last-month] [--all] [--json]',
    examples: ['svc usage', 'svc usage --period last-month', 'svc usage --all --period week', 'svc usage --json'],
    options: {
      period: { type: 'string', valueName: 'PERIOD', description: 'today, week (7 days), month (default) or last-month' },
      all: { type: 'boolean', description: 'one row per saved key, with a total' },
      json: { type: 'boolean', description: 'exact costs and every token bucket (uncached input, cache writes, cache reads, output), as JSON' },
      ...keyCommandOptions,
      ...timeoutOption,
    },
    async run(io, args) {
      const period = usagePeriod(choice(args, 'period', USAGE_PERIODS) ?? 'month', now());
      if (bool(args, 'all')) return usageOfAllKeys(io, args, period, bool(args, 'json'));
      return oneKey(io, args, period, bool(args, 'json'), bool(args, 'verbose'));
    },
  };
}

export const usageCommand = makeUsageCommand();
