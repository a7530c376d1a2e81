import type { CommandIO, ParsedArgs } from '../_program/command.js';
import { activityOf } from './_activity.js';
import { clientFor, explained, keyInUse } from '../_gateway/client-for.js';
import { announceKey } from '../_gateway/announce-key.js';
import { plainText, truncate } from '../_output/sanitize.js';
import { wrap } from '../_output/wrap.js';
import { outputWidth, styleFor } from '../_output/style.js';
import { renderTable } from '../_output/table.js';
import { periodJson, usageRange, type UsageRequest } from './_period.js';
import { periodNotes, todayJson, usageToday } from './_whose-today.js';
import { summarizeActivity, usageRowJson } from './_summary.js';
import { usageExtras, usageExtrasJson } from './_extras.js';
import { usageColumns, usageTableRows } from './_table.js';
import { jsonText } from '../_output/json-text.js';

// `svc usage` for the key in use. Loaded by usage.ts only after its flags are checked: it brings
// the gateway client, which a refused --period need not wait for.

const NOT_SHARED = "This key's usage is not shared with its organization, so it cannot be shown.";
const NO_ORG = 'This key belongs to no organization, so it has no usage to show.';
const DELAY_NOTE = 'New requests can take about a minute to appear.';

/**
 * The usage of the key in use over the period `request`, as a table or --json; the exit code.
 * The period's days are the service's: counted from the day its key lookup answered on.
 */
export async function oneKey(io: CommandIO, args: ParsedArgs, request: UsageRequest, json: boolean): Promise<number> {
  const key = await keyInUse(io, args);
  announceKey(io, args, key);
  const client = clientFor(io, key.apiKey, key.gateway);
  let serviceDate: Date | undefined;
  const { info } = await explained(io, key, client.getKeyInfo({ onServiceDate: (d) => (serviceDate = d) }));
  const today = usageToday(serviceDate);
  const period = usageRange(request, today.at);
  const activity = info.usage_shared ? await activityOf(io, client, key, period, today) : undefined;
  const name = plainText(info.key_alias ?? info.key_name);
  const summary = activity ? summarizeActivity(activity) : undefined;
  if (json) {
    const out = {
      key: key.masked,
      key_name: name,
      period: { ...periodJson(period), ...todayJson(today) },
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
  const out = [s.bold(truncate(`Usage of key "${name}" (${key.masked})`, width)), `Period: ${period.label} (UTC)`];
  for (const note of periodNotes(period, today)) out.push(...wrap(note, width, '', '  '));
  out.push('');
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

