import type { Command, CommandIO } from '../_program/command.js';
import { bool } from '../_program/args.js';
import { AuthenticationError } from '../../client/errors/index.js';
import { PermissionDeniedError } from '../../client/errors/index.js';
import { ConfigurationError } from '../../client/errors/index.js';
import { withStatus } from '../../client/errors/index.js';
import { SvcError, shownUrl } from '../../core/index.js';
import type { KeyInfo } from '../../model/index.js';
import { clientFor, keyInUse, type KeyInUse } from '../_gateway/client-for.js';
import { keyCommandOptions } from '../_gateway/key-command-options.js';
import { outputWidth, styleFor } from '../_output/style.js';
import { usd } from '../_output/money.js';
import { wrap } from '../_output/wrap.js';
import { blockedReason, resetTime } from '../_gateway/blocked-reason.js';
import { budgetPeriod } from '../_gateway/budget-period.js';
import { plainText } from '../_output/sanitize.js';
import { configDir, findPin, loadCredentials } from '../_credentials/index.js';
import { hintOf } from '../_program/errors.js';
import { timeoutOption } from '../_program/timeout.js';
import { clockNote, usageToday } from '../usage/_whose-today.js';
import { todayUtc } from '../../core/index.js';
import { jsonText } from '../_output/json-text.js';

/** With SVC_API_KEY set: the saved key it overrides here (pin or default), if any, in one line. */
async function overriddenSavedKey(io: CommandIO): Promise<string> {
  const credentials = await loadCredentials(configDir(io.env)).catch(() => undefined);
  if (!credentials) return '';
  const pin = findPin(credentials, io.cwd);
  if (pin) return `(it overrides the pin of ${pin.folder} to "${pin.profile}")`;
  if (credentials.default) return `(it overrides the default saved key "${credentials.default}")`;
  return '';
}

/**
 * What the service says of the key. It works only when what it is used for works: a key of no
 * organization passes the key check, yet models, usage, key fields and search all answer 403.
 * When the service gives no usable answer, the key is "not checked" rather than "not working".
 */
type Verdict = ({ works: true; info: KeyInfo } | { works: false; problem: string; info?: KeyInfo } | { works: null; problem: string; unusableSetting?: boolean }) & { serviceDate?: Date };

const NO_ORGANIZATION = 'it belongs to no organization, so the service refuses it (HTTP 403) for models, usage, key fields and search';

async function check(io: CommandIO, key: KeyInUse): Promise<Verdict> {
  let info: KeyInfo;
  let serviceDate: Date | undefined;
  try {
    info = (await clientFor(io, key.apiKey, key.gateway).getKeyInfo({ onServiceDate: (d) => (serviceDate = d) })).info;
  } catch (e) {
    if (e instanceof AuthenticationError) return { works: false, problem: 'the service refused it (HTTP 401: missing, unknown, expired or blocked key)' };
    if (e instanceof PermissionDeniedError) return { works: false, problem: withStatus(e.message, 403) };
    // Unreachable, too slow, a server error, an answer it cannot read, a bad SVC_GATEWAY_URL.
    if (e instanceof SvcError) {
      const hint = hintOf(e);
      // A setting that cannot be used (a gateway URL with a password in it): exit 2, as every other key command.
      const unusableSetting = e instanceof ConfigurationError && e.problem === 'malformed';
      return { works: null, problem: shownUrl(`${e.message}${hint ? ` (${hint})` : ''}`), unusableSetting };
    }
    throw e;
  }
  const said = serviceDate ? { serviceDate } : {};
  if (info.blocked) return { works: false, problem: blockedReason(info), info, ...said };
  if (info.org_id === null) return { works: false, problem: NO_ORGANIZATION, info, ...said };
  return { works: true, info, ...said };
}

export const statusCommand: Command = {
  name: 'status',
  summary: 'Show which key is in use (masked), why, and whether it works',
  usage: 'auth status [--json] [--gateway-url URL]',
  examples: ['svc auth status', 'SVC_API_KEY=sk-... svc auth status'],
  // -v is accepted like on every key command; status always says which key and why.
  options: { json: { type: 'boolean', description: 'print the same as JSON' }, ...keyCommandOptions, ...timeoutOption },
  async run(io, args) {
    const key = await keyInUse(io, args);
    const verdict = await check(io, key);
    const gateway = key.gateway;
    const info = 'info' in verdict ? verdict.info : undefined;
    const problem = 'problem' in verdict ? verdict.problem : undefined;
    // The dates the service speaks of (when a blocked key works again) are on its clock; say when this computer's differs.
    const today = verdict.serviceDate ? usageToday(verdict.serviceDate) : undefined;
    if (bool(args, 'json')) {
      const out = {
        key: key.masked,
        source: key.source,
        profile: key.profile ?? null,
        pinned_folder: key.folder ?? null,
        why: key.why,
        // Which gateway and why: from --gateway-url, SVC_GATEWAY_URL, or saved with the profile (null: none).
        gateway_url: gateway ? shownUrl(gateway.url) : null,
        gateway_source: gateway?.source ?? null,
        gateway_why: gateway?.why ?? null,
        // null: the service could not be asked (see problem), so nobody knows.
        works: verdict.works,
        problem: problem ?? null,
        key_name: info ? (info.key_alias ?? info.key_name) : null,
        org_id: info?.org_id ?? null,
        // The limit and spend the text shows, named and valued as the service's key info sends them (decimal strings, US dollars).
        spend: info?.spend ?? null,
        max_budget: info?.max_budget ?? null,
        budget_duration: info?.budget_duration ?? null,
        budget_reset_at: info?.budget_reset_at ?? null,
        blocked: info?.blocked ?? null,
        // The service's UTC day by its answer's Date header (null: it sent none), and this computer's.
        service_today: today?.day ?? null,
        computer_today: todayUtc(),
      };
      io.stdout.write(jsonText(out));
      return exitFor(io, verdict, problem);
    }
    const s = styleFor(io.stdout, io.env);
    const width = outputWidth(io);
    const line = (label: string, text: string) => wrap(text, width, label.padEnd(8), ' '.repeat(8));
    const lines = [...line('Key:', `${key.masked}${key.profile ? ` ("${key.profile}")` : ''}`), ...line('Why:', key.why)];
    if (key.source === 'env') lines.push(...line('', await overriddenSavedKey(io)));
    lines.push(...line('URL:', gateway ? `${plainText(shownUrl(gateway.url))} (${gateway.why})` : 'none: set SVC_GATEWAY_URL, give --gateway-url, or log in with one to save it with the key'));
    if (info) lines.push(...line('Name:', `${plainText(info.key_alias ?? info.key_name)}${info.org_id ? ` (${plainText(info.org_id)})` : ' (no organization)'}`));
    // Colour goes on after wrapping, so escape codes never count as width.
    const answer = verdict.works === true ? 'yes' : verdict.works === false ? `no, ${problem}` : `could not be checked: ${problem}`;
    const worksLines = line('Works:', answer);
    worksLines[0] = worksLines[0]!.replace(/^(Works:\s+)(yes|no|could not be checked)/, (_m, l: string, w: string) => l + (w === 'yes' ? s.green(w) : w === 'no' ? s.red(w) : s.yellow(w)));
    lines.push(...worksLines);
    if (info && verdict.works && info.max_budget) lines.push(...line('Limit:', limitText(info, info.max_budget)));
    const note = today ? clockNote(today, 'The dates it gives are on its clock.') : undefined;
    if (note) lines.push(...line('Clock:', note));
    io.stdout.write(lines.filter((l) => l.trim() !== '').join('\n') + '\n');
    return exitFor(io, verdict, problem);
  },
};

/**
 * The `Limit:` line by the budget's own period: `$12.34 of $2,500.00 spent this month` for the
 * spec's monthly limit, `$1.20 of $10.00 spent (a daily spend limit; next reset 2026-11-21 00:00 UTC)`
 * for another (`budget_duration`; `--json` has it as sent).
 */
function limitText(info: KeyInfo, limit: NonNullable<KeyInfo['max_budget']>): string {
  const spent = `$${usd(info.spend)} of $${usd(limit)} spent`;
  const period = budgetPeriod(info);
  if (period.monthly) return `${spent} this month`;
  const reset = resetTime(info);
  return `${spent} (a ${period.limit}${reset ? `; next reset ${reset}` : ''})`;
}

/**
 * 0 when the key works; else, as every failing command, one line on stderr saying why (the report
 * stays on stdout) and 1, or 2 when a setting cannot be used (the README's exit codes).
 */
function exitFor(io: CommandIO, verdict: Verdict, problem: string | undefined): number {
  if (verdict.works === true) return 0;
  io.stderr.write(`svc: the key in use ${verdict.works === false ? 'does not work' : 'could not be checked'}: ${plainText(problem ?? 'unknown')}\n`);
  return 'unusableSetting' in verdict && verdict.unusableSetting ? 2 : 1;
}
