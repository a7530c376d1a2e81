import type { Dispatcher } from 'undici';
import type { z } from 'zod';
import type { BodyKind } from './limits/body-limits.js';
import type { RetryPolicy } from './_retry.js';
import type { SecretFragments } from '../core/index.js';

/** @internal Secrets beside the client's own that its answers must not hold (HttpPipelineOptions.refuseAlso). */
export interface RefuseAlso {
  fragments: SecretFragments;
  credential: string;
}

export interface HttpPipelineOptions {
  /** Origin plus optional path prefix, e.g. `https://reporting.example.com` (no trailing slash needed). */
  baseUrl: string;
  /** Sent as `Authorization: Bearer <token>`; never logged nor put in an error. */
  token: string;
  /**
   * Public values the token may hold (the organization's id: `rt_org-fjordline_…`): a run of the
   * token that is also theirs is not a piece of it, so an answer naming the organization is not
   * refused (SecretFragments' `public`).
   */
  publicValues?: readonly string[];
  /**
   * @internal Other secrets a parsed answer must not hold (a month end's other tokens), looked for
   * where the byte search cannot see them: JSON escapes and invisible characters. `credential`
   * names them in the CredentialInResponseError. Their bytes are the caller's to search.
   */
  refuseAlso?: RefuseAlso;
  /** Defaults to `svc/<version> (node/<version>)`. */
  userAgent?: string;
  /**
   * Deadline of one attempt in ms, from sending the request to the last byte of the answer,
   * streamed or not (default 60 000): a server that answers and then drips its body slowly is
   * cut off there with a TimeoutError.
   */
  timeoutMs?: number;
  /** Largest response body per kind of endpoint, in bytes (defaults in DEFAULT_MAX_RESPONSE_BYTES). */
  maxResponseBytes?: Partial<Record<BodyKind, number>>;
  /** Retries after the first attempt on 408/429/5xx/timeouts/connection errors (default 2). */
  maxRetries?: number;
  /** undici dispatcher (Agent, Pool, ProxyAgent…); the global one when omitted. */
  dispatcher?: Dispatcher;
  /** Names the credential in messages, e.g. "reporting token (SVC_REPORTING_TOKEN)". */
  credential?: string;
  /** Names the service in messages ("could not reach the gateway at …"); "the service" when omitted. */
  service?: ServiceName;
  /** Backoff tuning (tests shorten it). */
  retry?: Partial<Omit<RetryPolicy, 'maxRetries'>>;
  /** Receives one line per request, response and retry (tokens masked), e.g. when SVC_DEBUG is set. */
  logger?: (line: string) => void;
  /** Told once per answer that was not valid UTF-8 (see CommonClientOptions.onWarning). */
  onWarning?: (message: string) => void;
}

/** How messages name a service and where its URL is set. */
export interface ServiceName {
  /** e.g. "the gateway", "the reporting API". */
  name: string;
  /** Where the URL comes from, e.g. "SVC_GATEWAY_URL"; named when the URL is wrong. */
  urlSetting?: string;
  /** An example URL for the hint, e.g. "https://gateway.example.com". */
  exampleUrl?: string;
  /** The client's option for the URL, named when it did not come from `urlSetting`; `baseUrl` when omitted. */
  urlOption?: string;
  /**
   * What a 409 means here: `setup` (the reporting API's "the organization's setup needs attention",
   * reporting-api.md §7; the default), or `unexplained` where the spec gives 409 no meaning (the
   * gateway), so the error says the status and the service's own words rather than a cause it never gave.
   */
  conflict?: 'setup' | 'unexplained';
}

export type QueryValue = string | number | boolean | undefined | null;

export interface RequestOptions<S extends z.ZodType = z.ZodType> {
  method?: 'GET' | 'POST';
  /** Path below the base URL, starting with `/`; ids already encoded. */
  path: string;
  query?: Record<string, QueryValue>;
  /** Sent as JSON. */
  body?: unknown;
  /** Checks a JSON response; the parsed record (decimal strings as Decimal) is returned. */
  schema?: S;
  /** What is being fetched, for messages: "key usage", "invoice 1f0c…". */
  what: string;
  responseType?: 'json' | 'bytes' | 'stream';
  signal?: AbortSignal;
  /** Overrides the pipeline's deadline for this call (each attempt, the whole body included). */
  timeoutMs?: number;
  /** Which size cap applies to the body: `records` by default, `pdf` for bytes. */
  bodyKind?: BodyKind;
  /** 403 reason when the service's body names none. */
  forbidden?: string;
  /**
   * `forbidden` is what every 403 here means (the spec gives the endpoint one meaning, e.g. the
   * key lookup's "key belongs to no organization"): the body's code or text is not read for another.
   */
  forbiddenOnly?: boolean;
  /** What a 404 did not find, and what to do about it. */
  notFound?: string;
  notFoundHint?: string;
  /** Accept header; `application/json` for JSON. */
  accept?: string;
  /** Receives a JSON body as sent, before it is checked (see CallOptions.onBody). */
  onBody?: (text: string) => void;
  /** Receives the time each answer says it was sent (see CallOptions.onServiceDate). */
  onServiceDate?: (date: Date) => void;
}
