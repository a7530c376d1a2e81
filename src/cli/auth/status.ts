import type { Command } from '../_command.js';
import { bool } from '../_args.js';
import { AuthenticationError } from '../../client/errors/authentication-error.js';
import { PermissionDeniedError } from '../../client/errors/permission-denied-error.js';
import type { KeyInfo } from '../../model/litellm.js';
import { clientFor, verboseOption } from '../_gateway/client-for.js';
import { ConnectionError } from '../../client/errors/connection-error.js';
import { GatewayUnreachableError } from '../_gateway/gateway-unreachable-error.js';
import { outputWidth, styleFor } from '../_output/style.js';
import { usd } from '../_output/money.js';
import { wrap } from '../_output/wrap.js';
import { blockedReason } from '../_gateway/blocked-reason.js';
import { plainText } from '../_output/sanitize.js';
import { configDir, findPin, loadCredentials, resolveKey } from '../_credentials/index.js';

/** With SVC_API_KEY set: the saved key it overrides here (pin or default), if any, in one line. */
async function overriddenSavedKey(io: Parameters<Command['run']>[0]): Promise<string> {
  const credentials = await loadCredentials(configDir(io.env)).catch(() => undefined);
  if (!credentials) return '';
  const pin = findPin(credentials, io.cwd);
  if (pin) return `(it overrides the pin of ${pin.folder} to "${pin.profile}")`;
  if (credentials.default) return `(it overrides the default saved key "${credentials.default}")`;
  return '';
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
      else if (e instanceof ConnectionError) throw new GatewayUnreachableError(e);
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
    const width = outputWidth(io);
    const line = (label: string, text: string) => wrap(text, width, label.padEnd(8), ' '.repeat(8));
    const lines = [...line('Key:', `${key.masked}${key.profile ? ` ("${key.profile}")` : ''}`), ...line('Why:', key.why)];
    if (key.source === 'env') lines.push(...line('', await overriddenSavedKey(io)));
    if (info) lines.push(...line('Name:', `${plainText(info.key_alias ?? info.key_name)}${info.org_id ? ` (${plainText(info.org_id)})` : ' (no organization)'}`));
    // Colour goes on after wrapping, so escape codes never count as width.
    const worksLines = line('Works:', works ? 'yes' : `no, ${problem}`);
    worksLines[0] = worksLines[0]!.replace(/^(Works:\s+)(yes|no)/, (_m, l: string, w: string) => l + (w === 'yes' ? s.green(w) : s.red(w)));
    lines.push(...worksLines);
    if (info && info.org_id === null) lines.push(...line('Note:', 'it belongs to no organization, so key fields, search and usage answer HTTP 403'));
    if (info && works && info.max_budget) lines.push(...line('Limit:', `$${usd(info.spend)} of $${usd(info.max_budget)} spent this month`));
    io.stdout.write(lines.filter((l) => l.trim() !== '').join('\n') + '\n');
    return works ? 0 : 1;
  },
};
