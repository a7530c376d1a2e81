import { ConfigurationError } from '../errors/common/configuration-error.js';

/** The longest deadline accepted: a day (setTimeout cannot wait past 24.8 days anyway). */
const MAX_SECONDS = 86_400;

/**
 * A deadline written in seconds (`30`, `2.5`) as milliseconds; undefined when the text is not a
 * number of seconds above 0 and at most a day. The one reading of `--timeout` and SVC_TIMEOUT.
 */
export function timeoutMsFromSeconds(text: string): number | undefined {
  const t = text.trim();
  if (!/^\d{1,6}(\.\d{1,3})?$/.test(t)) return undefined;
  const ms = Math.round(Number(t) * 1000);
  return ms >= 1 && ms <= MAX_SECONDS * 1000 ? ms : undefined;
}

/** What a deadline in seconds must look like, for messages. */
export const TIMEOUT_RULE = `a number of seconds above 0, at most ${MAX_SECONDS} (e.g. 30 or 2.5)`;

/**
 * The client's deadline: the `timeoutMs` option, else SVC_TIMEOUT (seconds) from `env`, else
 * undefined (the pipeline's default).
 * @throws ConfigurationError naming SVC_TIMEOUT when it is set to something else than seconds
 */
export function timeoutSetting(timeoutMs: number | undefined, env: Record<string, string | undefined>): number | undefined {
  if (timeoutMs !== undefined) return timeoutMs;
  const text = env.SVC_TIMEOUT;
  if (text === undefined || text.trim() === '') return undefined;
  const ms = timeoutMsFromSeconds(text);
  if (ms === undefined) throw new ConfigurationError(`SVC_TIMEOUT must be ${TIMEOUT_RULE} (got "${text}")`, 'fix or unset SVC_TIMEOUT', 'SVC_TIMEOUT', 'malformed');
  return ms;
}
