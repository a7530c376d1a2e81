import { ApiError } from './common/api-error.js';

/** Where a redirect pointed and what the base URL would be there, as RedirectError says them. */
export interface RedirectTarget {
  /** The Location as it may be shown: no user info, the query left out (`?…`: it may carry a token), no fragment. */
  shown: string;
  /** The base URL that would ask the same path there, when the Location ends in the path asked. */
  base: string;
  /** The Location is the URL that was asked (a redirect loop). */
  loop: boolean;
}

/**
 * Thrown on a 3xx answer. The client never follows a redirect (undici's request does not, and the
 * key in the Authorization header must never go to another host), so the message names the
 * status and the Location, and the hint what to set the service's URL to if it has moved there.
 * `target` is undefined when the answer had no Location that is a URL.
 */
export class RedirectError extends ApiError {
  override readonly name = 'RedirectError';
  constructor(endpoint: string, status: number, service: string, target: RedirectTarget | undefined, setting: string, credential: string) {
    const where = target === undefined ? 'without a Location that is a URL' : target.loop ? `to the URL it was asked at (${target.shown}), a loop` : `to ${target.shown}`;
    const hint = target === undefined || target.loop
      ? `check ${setting}; if it is right, the service or a proxy in front of it is misconfigured`
      : `if ${service} is now there, set ${setting} to ${target.base}`;
    super(`${service} answered with a redirect (HTTP ${status}) ${where}, which svc does not follow: the ${credential} is sent only to the URL it was given`, status, endpoint, hint);
  }
}

/**
 * What `location` (a Location header, resolved against `asked`) points at, for RedirectError;
 * undefined when there is none or it is not a URL. `base` is the URL the service's paths start from.
 */
export function redirectTarget(location: string | string[] | undefined, asked: URL, base: URL): RedirectTarget | undefined {
  const value = Array.isArray(location) ? location[0] : location;
  if (!value?.trim()) return undefined;
  let to: URL;
  try {
    to = new URL(value.trim(), asked);
  } catch {
    return undefined;
  }
  const query = to.search ? '?…' : '';
  to.username = '';
  to.password = '';
  to.hash = '';
  to.search = '';
  const shown = `${to.href}${query}`;
  const loop = to.href === `${asked.origin}${asked.pathname}`;
  // The path below the base URL (`/v1/search/service-search`): where the Location ends in it, what is before it is the new base.
  const below = asked.pathname.slice(base.pathname.replace(/\/$/, '').length);
  const path = to.pathname;
  const base2 = below && path.endsWith(below) ? `${to.origin}${path.slice(0, path.length - below.length)}` : to.origin;
  return { shown, base: base2.replace(/\/$/, ''), loop };
}
