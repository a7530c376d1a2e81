import type { CommandIO, ParsedArgs } from '../_program/command.js';
import { chooseGateway, type GatewayChoice } from '../_gateway/choose-gateway.js';
import { NoSavedKeysError, maskKey, savedKeyHint, savedKeyName, usableKey } from '../_credentials/index.js';
import { ApiError } from '../../client/errors/index.js';
import { clientFor } from '../_gateway/client-for.js';
import { outputWidth, styleFor } from '../_output/style.js';
import { renderTable } from '../_output/table.js';
import { wrap } from '../_output/wrap.js';
import { openStore } from '../auth/_store-io.js';
import { periodJson, usageRange, type DayRange, type UsageRequest } from './_period.js';
import { periodNotes, todayJson, usageToday, type UsageToday } from './_whose-today.js';
import { noActivity } from './_activity.js';
import { isNotShared } from './_not-shared.js';
import { addRows, summarizeActivity, usageRowJson, type UsageRow } from './_summary.js';
import { usageColumns, usageTableRows } from './_table.js';
import { withStatus } from '../../client/errors/index.js';
import { jsonText } from '../_output/json-text.js';

type KeyUsage =
  | { profile: string; key: string; total: UsageRow; sameAs?: string; period: DayRange; today: UsageToday }
  | { profile: string; key: string; notShared: true; noOrg: boolean }
  | { profile: string; key: string; error: { status: number | null; message: string } };

/** One saved key's usage over `request`, counted from the day its own service's answer says it is (see whose-today.ts). */
async function usageOf(io: CommandIO, profile: string, apiKey: string, gateway: GatewayChoice | undefined, request: UsageRequest): Promise<KeyUsage> {
  const key = maskKey(apiKey);
  try {
    // A saved key no service would take (a control character): named as that saved key, as `auth fields --all` names it.
    usableKey(apiKey, savedKeyName(profile), savedKeyHint(profile));
  } catch (e) {
    return { profile, key, error: { status: null, message: (e as Error).message } };
  }
  try {
    const client = clientFor(io, apiKey, gateway);
    let serviceDate: Date | undefined;
    const { info } = await client.getKeyInfo({ onServiceDate: (d) => (serviceDate = d) });
    if (!info.usage_shared) return { profile, key, notShared: true, noOrg: info.org_id === null };
    const today = usageToday(serviceDate);
    const period = usageRange(request, today.at);
    const activity = period.afterToday ? noActivity() : await client.getDailyActivity({ start_date: period.start, end_date: period.end });
    return { profile, key, total: summarizeActivity(activity).total, period, today };
  } catch (e) {
    if (isNotShared(e)) return { profile, key, notShared: true, noOrg: false };
    if (e instanceof ApiError) return { profile, key, error: { status: e.status ?? null, message: e.message } };
    throw e;
  }
}

/**
 * `svc usage --all`: one row per saved key and a TOTAL; keys that fail or are not shared say so.
 * Each key's period is counted from its own service's today; the header shows the first key's,
 * and a key whose service is on another day says so under the table.
 */
export async function usageOfAllKeys(io: CommandIO, args: ParsedArgs, request: UsageRequest, json: boolean): Promise<number> {
  const { credentials } = await openStore(io);
  const names = Object.keys(credentials.profiles).sort();
  if (names.length === 0) throw new NoSavedKeysError();
  const results = await Promise.all(names.map((n) => {
    const entry = credentials.profiles[n]!;
    // Each saved key at its own gateway: the one it was saved with, unless the flag or SVC_GATEWAY_URL says otherwise.
    return usageOf(io, n, entry.api_key, chooseGateway(io, args, { profile: n, gateway_url: entry.gateway_url, saved_at: entry.saved_at }), request);
  }));
  const counted = results.flatMap((r) => ('total' in r ? [r] : []));
  // No key answered with usage: the period is this computer's, said as such.
  const today = counted[0]?.today ?? usageToday(undefined);
  const period = counted[0]?.period ?? usageRange(request, today.at);
  const otherDay = (r: (typeof counted)[number]) => r.period.label !== period.label;
  // A key saved under two names is counted once in the TOTAL.
  const firstName = new Map<string, string>();
  for (const r of results) {
    const apiKey = credentials.profiles[r.profile]!.api_key;
    const first = firstName.get(apiKey);
    if (first === undefined) firstName.set(apiKey, r.profile);
    else if ('total' in r) r.sameAs = first;
  }
  const total = addRows(counted.flatMap((r) => (r.sameAs ? [] : [r.total])), 'TOTAL');
  // A key of no organization fails like one that errs (README "Exit codes"); its row still shows.
  const failed = results.some((r) => 'error' in r || ('notShared' in r && r.noOrg));
  if (json) {
    const keys = results.map((r) => ({
      profile: r.profile,
      key: r.key,
      usage_shared: !('notShared' in r),
      ...('sameAs' in r && r.sameAs ? { same_key_as: r.sameAs } : {}),
      ...('total' in r ? { total: usageRowJson(r.total), ...(otherDay(r) ? { period: { ...periodJson(r.period), ...todayJson(r.today) } } : {}) } : {}),
      ...('error' in r ? { error: r.error } : {}),
    }));
    const out = { period: { ...periodJson(period), ...todayJson(today) }, keys, total: usageRowJson(total) };
    io.stdout.write(jsonText(out));
    return failed ? 1 : 0;
  }
  const s = styleFor(io.stdout, io.env);
  const dash = ['-', '-', '-', '-', '-'];
  const rows = results.map((r) => ('total' in r ? { label: r.profile, row: r.total, counted: !r.sameAs } : { label: r.profile, cells: dash }));
  const notes = results.flatMap((r) => {
    if ('notShared' in r) return [`${r.profile} (${r.key}): ${r.noOrg ? 'belongs to no organization, so it has no usage' : 'usage is not shared with its organization'}.`];
    if ('sameAs' in r && r.sameAs) return [`${r.profile} (${r.key}): the same key as ${r.sameAs}, counted once in the TOTAL.`];
    if ('total' in r && otherDay(r)) return [`${r.profile} (${r.key}): its service's today is ${r.today.day}, so its period is ${r.period.label}.`];
    if ('error' in r) return [`${r.profile} (${r.key}): ${withStatus(r.error.message, r.error.status ?? undefined)}`];
    return [];
  });
  const width = outputWidth(io);
  const out = [s.bold(`Usage of ${names.length} saved key${names.length > 1 ? 's' : ''}`), `Period: ${period.label} (UTC)`];
  for (const note of periodNotes(period, today)) out.push(...wrap(note, width, '', '  '));
  out.push('');
  out.push(renderTable(usageColumns('KEY'), usageTableRows(rows, total), width, s).trimEnd());
  if (notes.length) out.push('', ...notes.flatMap((n) => wrap(n, width, '', '  ')));
  out.push('', s.dim('New requests can take about a minute to appear.'));
  io.stdout.write(out.join('\n') + '\n');
  return failed ? 1 : 0;
}
