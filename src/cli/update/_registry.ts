import { request } from '../../client/index.js';
import { PACKAGE, registryUrl } from './_package-info.js';
import { UpdateCheckError } from './update-check-error.js';
import { NotPublishedError } from './not-published-error.js';

/**
 * The `latest` dist-tag of this package in the npm registry (`GET <registry>/<name>`, the
 * abbreviated record `npm view` uses).
 * @throws NotPublishedError when the registry has no such package (svc is then installed from a tarball or git)
 * @throws UpdateCheckError naming the HTTP status or the network failure
 */
export async function fetchLatestVersion(env: Record<string, string | undefined>, timeoutMs: number): Promise<string> {
  const url = `${registryUrl(env)}/${PACKAGE.name.replace('/', '%2F')}`;
  let res;
  try {
    res = await request(url, {
      headers: { accept: 'application/vnd.npm.install-v1+json', 'user-agent': `svc/${PACKAGE.version} (update check)` },
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (e) {
    throw new UpdateCheckError(`could not reach the npm registry at ${registryUrl(env)} (${(e as Error).message})`);
  }
  if (res.statusCode !== 200) {
    await res.body.dump();
    if (res.statusCode === 404) throw new NotPublishedError(registryUrl(env), PACKAGE.name);
    throw new UpdateCheckError(`the npm registry at ${registryUrl(env)} answered HTTP ${res.statusCode} for ${PACKAGE.name}`);
  }
  const body = (await res.body.json()) as { 'dist-tags'?: { latest?: unknown } };
  const latest = body['dist-tags']?.latest;
  if (typeof latest !== 'string') throw new UpdateCheckError(`the npm registry record of ${PACKAGE.name} has no "latest" release`);
  return latest;
}
