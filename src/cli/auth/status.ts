import type { Command } from '../_command.js';
import { bool } from '../_args.js';
import { resolveKey } from '../_credentials/index.js';
import { AuthenticationError } from '../../client/errors/authentication-error.js';
import { PermissionDeniedError } from '../../client/errors/permission-denied-error.js';
import type { KeyInfo } from '../../model/litellm.js';
import { clientFor, verboseOption } from '../_gateway/client-for.js';
import { styleFor } from '../_output/style.js';
import { usd } from '../_output/money.js';

/** Why a blocked key does not work, and when it works again. */
function blockedReason(info: KeyInfo): string {
  const limit = info.max_budget ? ` of $${usd(info.max_budget)}` : '';
  const reset = info.budget_reset_at ? `; it works again from ${info.budget_reset_at.replace('T', ' ').replace(/:00(\.0+)?(Z|\+00:00)$/, ' UTC')}` : '; it works again when a new month begins';
  return `blocked: the monthly spend limit${limit} is reached ($${usd(info.spend)} spent)${reset}`;
}

export const statusCommand: Command = {
  name: 'status',
  summary: 'Show which key is in use (masked), why, and whether it works',
  usage: 'auth status [--json]',
  examples: ['svc auth status', 'SVC_API_KEY=sk-... svc auth status'],
  // -v is accepted like on every key command; status always says which key and why.
  options: { json: { type: 'boolean', description: 'print the same as JSON' }, ...verboseOption },
  async run(io, args) {
    const key = await resolveKey(io);
    let works = false;
    let problem: string | undefined;
    let info: KeyInfo | undefined;
    try {
      info = (await clientFor(io, key.apiKey).getKeyInfo()).info;
      works = !info.blocked;
      if (info.blocked) problem = blockedReason(info);
    } catch (e) {
      if (e instanceof AuthenticationError) problem = 'the service refused it (HTTP 401: missing, unknown, expired or blocked key)';
      else if (e instanceof PermissionDeniedError) problem = `${e.message} (HTTP 403)`;
      else throw e;
    }
    if (bool(args, 'json')) {
      const out = {
        key: key.masked,
        source: key.source,
        profile: key.profile ?? null,
        pinned_folder: key.folder ?? null,
        why: key.why,
        works,
        problem: problem ?? null,
        key_name: info ? (info.key_alias ?? info.key_name) : null,
        org_id: info?.org_id ?? null,
      };
      io.stdout.write(JSON.stringify(out, null, 2) + '\n');
      return works ? 0 : 1;
    }
    const s = styleFor(io.stdout, io.env);
    const lines = [`Key:    ${key.masked}${key.profile ? ` ("${key.profile}")` : ''}`, `Why:    ${key.why}`];
    if (info) lines.push(`Name:   ${info.key_alias ?? info.key_name}${info.org_id ? ` (${info.org_id})` : ' (no organization)'}`);
    lines.push(`Works:  ${works ? s.green('yes') : `${s.red('no')}, ${problem}`}`);
    if (info && works && info.max_budget) lines.push(`Limit:  $${usd(info.spend)} of $${usd(info.max_budget)} spent this month`);
    io.stdout.write(lines.join('\n') + '\n');
    return works ? 0 : 1;
  },
};
