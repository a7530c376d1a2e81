/**
 * The first path segment of every endpoint of a service: `api` for the reporting API
 * (`/api/orgs/…`), `v1` for the gateway's own (`/v1/model/info`, `/v1/service/key`; the spec:
 * "gateway paths carry the segment /v1"). A base URL that ends in one of them was copied with
 * the start of a path: every request then goes to `/v1/v1/…` or `/v1/key/info` and is not found.
 */
const ROOT_SEGMENTS = ['api', 'v1'];

/**
 * The hint for a 404 when the base URL ends in a segment the service's paths start with: the URL
 * asked and what to drop from where the base URL came from (`setting`: a variable, or the
 * option); undefined otherwise. No credentials of the URL are ever shown.
 */
export function doubledPathHint(baseUrl: URL, setting: string): string | undefined {
  const segments = baseUrl.pathname.split('/').filter(Boolean);
  const last = segments.at(-1);
  if (last === undefined || !ROOT_SEGMENTS.includes(last.toLowerCase())) return undefined;
  const without = `${baseUrl.origin}${segments.length > 1 ? `/${segments.slice(0, -1).join('/')}` : ''}`;
  return `the base URL ends in /${last}, which the client adds to the paths itself: drop /${last} from ${setting}, i.e. ${without}`;
}
