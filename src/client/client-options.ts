import type { Dispatcher } from 'undici';
import type { BodyKind } from './limits/body-limits.js';

/** Options every client takes beside its own settings. */
export interface CommonClientOptions {
  /** Base URL of the reporting API; `SVC_BASE_URL` when omitted. */
  baseUrl?: string;
  /** Where SVC_* variables are read; `process.env` when omitted. */
  env?: Record<string, string | undefined>;
  userAgent?: string;
  /** Deadline of one attempt, the whole body included (see HttpPipelineOptions.timeoutMs); SVC_TIMEOUT (seconds) when omitted. */
  timeoutMs?: number;
  /** Largest response body per kind of endpoint, in bytes (defaults: DEFAULT_MAX_RESPONSE_BYTES); a larger one is a ResponseTooLargeError. */
  maxResponseBytes?: Partial<Record<BodyKind, number>>;
  maxRetries?: number;
  dispatcher?: Dispatcher;
  /** Backoff between attempts, in ms: the first delay (doubling, with jitter), its cap, and the longest Retry-After waited for. */
  retry?: { initialDelayMs?: number; maxDelayMs?: number; maxRetryAfterMs?: number };
  logger?: (line: string) => void;
  /**
   * Told what a person should know about an answer that is no error: one that was not valid
   * UTF-8 (its invalid bytes became U+FFFD), naming the request and the fields. Once per answer.
   */
  onWarning?: (message: string) => void;
}
