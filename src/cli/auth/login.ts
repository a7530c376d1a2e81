import type { Command } from '../_program/command.js';
import { bool, str } from '../_program/args.js';
import { KeyInEnvironmentError, keyProblem, maskKey, nameTable, profileOf } from '../_credentials/index.js';
import { AuthenticationError } from '../../client/errors/index.js';
import { PermissionDeniedError } from '../../client/errors/index.js';
import { UsageError } from '../_program/usage-error.js';
import { keyCommandOptions } from '../_gateway/key-command-options.js';
import { checkedGatewayUrl, chooseGateway } from '../_gateway/choose-gateway.js';
import { readHiddenLine, readShownLine } from './_hidden-prompt.js';
import { readKeyFromStdin } from './_read-stdin.js';
import { profileArg } from './_profile-arg.js';
import { openStore } from './_store-io.js';
import { plainText } from '../_output/sanitize.js';
import { LoginRejectedError } from './login-rejected-error.js';
import { ConnectionError } from '../../client/errors/index.js';
import { gatewayConnectionError } from '../_gateway/gateway-unreachable-error.js';
import { timeoutOption } from '../_program/timeout.js';
import { withStatus } from '../../client/errors/index.js';
import { now, shownUrl } from '../../core/index.js';

const EXAMPLE_URL = 'https://gateway.example.com';

export const loginCommand: Command = {
  name: 'login',
  summary: 'Save an API key after checking it with the service',
  usage: 'auth login [--profile NAME] [--with-token] [--gateway-url URL]',
  about:
    'The key is checked at the gateway (--gateway-url, else SVC_GATEWAY_URL, else the URL saved with the profile; on a ' +
    'terminal it is asked for first when none is given) and saved with it only when the service accepts it.',
  examples: ['svc auth login', 'svc auth login --gateway-url https://gateway.example.com --profile work', 'pass show svc/key | svc auth login --with-token --gateway-url "$GATEWAY"'],
  options: {
    profile: { type: 'string', valueName: 'NAME', description: 'save under this name (default: "default")' },
    'with-token': { type: 'boolean', description: 'read the key from stdin (on a terminal: asked, hidden)' },
    'gateway-url': keyCommandOptions['gateway-url'],
    ...timeoutOption,
  },
  async run(io, args) {
    const named = str(args, 'profile');
    const name = named === undefined ? 'default' : profileArg(named, '--profile');
    // The default key would never be used while SVC_API_KEY is set; a named one is saved for later (with a warning).
    const envKey = Boolean(io.env.SVC_API_KEY?.trim());
    if (envKey && name === 'default') throw new KeyInEnvironmentError();
    // Read the store first: a damaged or unsafe file stops us before the key is even asked for.
    const { update, credentials } = await openStore(io);
    // The gateway the key is checked at is saved with it, so the key keeps working where SVC_GATEWAY_URL is not set.
    const existing = profileOf(credentials, name);
    let gateway = chooseGateway(io, args, existing ? { profile: name, gateway_url: existing.gateway_url, saved_at: existing.saved_at } : undefined);
    const terminal = io.stdin.isTTY === true && io.stdin.setRawMode !== undefined;
    if (!terminal && !bool(args, 'with-token')) throw new UsageError('stdin is not a terminal, so the key cannot be asked for; pipe it in with --with-token');
    // The gateway first: a key asked for and then thrown away for want of somewhere to check it helps nobody.
    if (!gateway) {
      if (!terminal) throw new UsageError(`no gateway to check the key at: give --gateway-url URL or set SVC_GATEWAY_URL (e.g. ${EXAMPLE_URL}); nothing was read or saved`);
      const entered = (await readShownLine(io, `Gateway URL (e.g. ${EXAMPLE_URL}): `)).trim();
      if (!entered) throw new UsageError('no gateway URL was entered (or give --gateway-url URL); nothing was saved');
      gateway = { url: checkedGatewayUrl(entered, 'the gateway URL'), source: 'prompt', why: 'entered at the prompt' };
    } else if (terminal) {
      io.stderr.write(`Gateway: ${shownUrl(gateway.url)} (${gateway.why})\n`);
    }

    let apiKey: string;
    // --with-token on a terminal would echo the key as it is typed: ask without echo instead.
    if (!terminal) apiKey = await readKeyFromStdin(io.stdin);
    else apiKey = (await readHiddenLine(io, 'Paste your API key (input is hidden): ')).trim();
    if (!apiKey) throw new UsageError('no key was entered; nothing was saved');
    const problem = keyProblem(apiKey);
    if (problem) throw new UsageError(`the key ${terminal ? 'entered' : 'read from stdin'} holds a character an API key cannot have (${problem}); nothing was saved`);

    // The gateway client loads only now: a bad --profile or --gateway-url is refused without it.
    const { clientFor } = await import('../_gateway/client-for.js');
    let label: string;
    try {
      const { info } = await clientFor(io, apiKey, gateway).getKeyInfo();
      label = `${plainText(info.key_alias ?? info.key_name)}, ${info.org_id ? plainText(info.org_id) : 'no organization'}`;
      if (info.blocked) io.stderr.write('Warning: this key is blocked (its monthly spend limit is reached);\nit is saved anyway and works again when a new month begins.\n');
    } catch (e) {
      if (e instanceof AuthenticationError) {
        throw new LoginRejectedError(`the service refused the key ${maskKey(apiKey)} (HTTP 401); nothing was saved`, 401, 'check that you pasted the whole key');
      }
      if (e instanceof PermissionDeniedError) {
        throw new LoginRejectedError(`the key ${maskKey(apiKey)} was not accepted: ${withStatus(e.message, 403)}; nothing was saved`, 403);
      }
      if (e instanceof ConnectionError) throw gatewayConnectionError(e, gateway);
      throw e;
    }

    let replaced = false;
    const saved = await update((current) => {
      const before = profileOf(current, name);
      replaced = before !== undefined;
      const makeDefault = named === undefined || current.default === null;
      return { ...current, profiles: nameTable([...Object.entries(current.profiles), [name, { ...before, api_key: apiKey, ...(gateway ? { gateway_url: gateway.url } : {}), saved_at: now().toISOString() }]]), default: makeDefault ? name : current.default };
    });
    const next = saved.default === name ? 'It is the default key.' : `Use it with "svc auth use ${name}" or "svc auth pin ${name}".`;
    const at = gateway ? `Gateway: ${shownUrl(gateway.url)}, saved with it (used when neither --gateway-url nor SVC_GATEWAY_URL is given).\n` : '';
    io.stdout.write(`${replaced ? 'Replaced' : 'Saved'} "${name}": ${maskKey(apiKey)} (${label}).\n${next}\n${at}`);
    if (envKey) io.stderr.write(`Warning: SVC_API_KEY is set, so commands use it (${maskKey(io.env.SVC_API_KEY!.trim())}) rather than "${name}" until it is unset.\n`);
    return 0;
  },
};
