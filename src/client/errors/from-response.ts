import { ApiError } from './common/api-error.js';
import { AuthenticationError } from './authentication-error.js';
import { BadRequestError } from './bad-request-error.js';
import { EdgeRejectedError } from './edge-rejected-error.js';
import { NotFoundError } from './common/not-found-error.js';
import { PermissionDeniedError } from './common/permission-denied-error.js';
import { RateLimitError } from './rate-limit-error.js';
import { ServerError } from './server-error.js';
import { SetupNeedsAttentionError } from './setup-needs-attention-error.js';
import { forbiddenReason } from './_forbidden-reason.js';
import { readErrorBody } from './_error-body.js';
import { keepResponse } from './_response-info.js';
import { RedirectError, redirectTarget } from './redirect-error.js';
import type { IncomingHttpHeaders } from 'node:http';
import type { SecretFragments } from '../../core/index.js';

/** What the caller knows about the request, so an error can say what to do. */
export interface ErrorContext {
  /** `METHOD /path`. */
  endpoint: string;
  /** Names the credential in a 401 message, e.g. "reporting token (SVC_REPORTING_TOKEN)". */
  credential: string;
  /** What must never appear in a message: the token, a piece of it counting, not the public values it holds (the organization's id). */
  secrets: SecretFragments;
  /** Reason for a 403 whose body says nothing recognisable, e.g. "usage is not shared with this organization". */
  forbidden?: string | undefined;
  /** `forbidden` is the only meaning a 403 has here: the body is not read for another (RequestOptions.forbiddenOnly). */
  forbiddenOnly?: boolean | undefined;
  /** What a 404 did not find, e.g. "invoice 8c1e… of org-nordlys". */
  notFound?: string | undefined;
  /** What to do after a 404, e.g. "list the invoices with `svc invoices list`". */
  notFoundHint?: string | undefined;
  /** Retry-After of the response, in ms, when it had one. */
  retryAfterMs?: number | undefined;
  /** The query parameters the request sent (names and values; never a credential), for a 400's hint. */
  sent?: ReadonlyArray<readonly [string, string]>;
  /** The response's headers, kept on the error (cleaned) with its request id. */
  headers?: IncomingHttpHeaders;
  /** What a 409 means (ServiceName.conflict): the organization's setup (default), or nothing the spec says. */
  conflict?: 'setup' | 'unexplained' | undefined;
  /** For a redirect (3xx): the URL asked, the base URL, the service's name and where its URL is set (a variable, or the option). */
  redirect?: { asked: URL; base: URL; service: string; setting: string } | undefined;
}

/**
 * The one factory that turns a non-2xx status and its body into the matching ApiError subclass,
 * which keeps the body (cleaned), the headers and the request id.
 */
export function apiErrorFromResponse(status: number, body: string, ctx: ErrorContext): ApiError {
  return keepResponse(errorFor(status, body, ctx), ctx.headers, body, ctx.secrets);
}

function errorFor(status: number, body: string, ctx: ErrorContext): ApiError {
  const { endpoint } = ctx;
  if (status === 403 && /error code:?\s*1010/i.test(body)) return new EdgeRejectedError(endpoint);
  const info = readErrorBody(body, ctx.secrets);
  switch (status) {
    case 400:
      return new BadRequestError(endpoint, info.text || 'bad request (no reason given)', ctx.sent);
    case 401:
      return new AuthenticationError(endpoint, ctx.credential);
    case 403: {
      if (ctx.forbiddenOnly && ctx.forbidden) return new PermissionDeniedError(endpoint, ctx.forbidden);
      const known = forbiddenReason(info.code, info.text);
      if (known) return new PermissionDeniedError(endpoint, known.message, known.hint, known.kind);
      const reason = ctx.forbidden ?? (info.text || 'access denied');
      return new PermissionDeniedError(endpoint, reason);
    }
    case 404:
      return new NotFoundError(endpoint, ctx.notFound ?? endpoint, ctx.notFoundHint);
    case 409:
      // The service's own words follow only from a JSON body's message: a proxy's HTML page says nothing of the organization.
      if (ctx.conflict !== 'unexplained') return new SetupNeedsAttentionError(endpoint, info.fromJson && info.text !== info.code ? info.text : '');
      break;
    case 429:
      return new RateLimitError(endpoint, ctx.retryAfterMs);
  }
  if (status === 408 || status >= 500) return new ServerError(endpoint, status);
  if (status >= 300 && status < 400 && ctx.redirect) {
    const { asked, base, service, setting } = ctx.redirect;
    return new RedirectError(endpoint, status, service, redirectTarget(ctx.headers?.location, asked, base), setting, ctx.credential);
  }
  const detail = info.text ? `: ${info.text}` : '';
  return new ApiError(`unexpected HTTP ${status} from the service${detail}`, status, endpoint);
}
