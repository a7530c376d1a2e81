import { SecretFragments, shownUrl } from '../../core/index.js';
import { maskKey } from '../_credentials/mask.js';

// The shapes of this service's secrets: reporting tokens (rt_), partner tokens (pt_), API keys (sk-).
const SECRET_SHAPE = /\b(?:rt|pt|sk)[-_][A-Za-z0-9_-]{6,}/g;
// Variables whose values are secrets: SVC_REPORTING_TOKEN, SVC_API_KEY, a run's NORDLYS_TOKEN ...
const SECRET_VARIABLE = /(?:TOKEN|_KEY|PASSWORD|SECRET)$/;
/** Shortest variable value treated as a secret: shorter ones would blank out ordinary text. */
const MIN_SECRET_LENGTH = 6;

/**
 * A message as the CLI may print it: a token pasted where an id or a month was wanted is echoed
 * back masked (`rt_…4c3e`), as the debug log masks it; so is the value of any secret variable
 * of the environment wherever it appears, whatever its shape, a piece of one (in any case) as
 * `***` (SecretFragments), and the password of any URL in it (core's shownUrl). `publicValues`
 * (the organization the command is about: `--org`, else SVC_ORG_ID) are not pieces of a secret
 * that holds them: a token `rt_org-fjordline_…` leaves "org-fjordline" readable in a message.
 */
export function maskSecrets(text: string, env: Record<string, string | undefined>, publicValues: ReadonlyArray<string | undefined> = [env.SVC_ORG_ID]): string {
  let out = text;
  const secrets: string[] = [];
  for (const [name, value] of Object.entries(env)) {
    const v = value?.trim();
    if (!v || v.length < MIN_SECRET_LENGTH || !SECRET_VARIABLE.test(name)) continue;
    secrets.push(v);
    if (out.includes(v)) out = out.split(v).join(maskKey(v));
  }
  return shownUrl(new SecretFragments(secrets, { public: publicValues }).mask(out)).replace(SECRET_SHAPE, (s) => maskKey(s));
}
