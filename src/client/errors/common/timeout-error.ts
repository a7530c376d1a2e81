import { ApiError } from './api-error.js';

/** Where a request went, for messages: "the gateway" at "https://gateway.example.com". */
export interface TimeoutPlace {
  /** e.g. "the gateway"; "the service" when omitted. */
  service?: string;
  /** The origin asked, e.g. `https://gateway.example.com`. */
  origin?: string;
  /** How many attempts of the request ran out of time, this one included; the message counts them when more than one. */
  attempts?: number;
}

/** `2 s`, `1.5 s`, `250 ms`. */
function duration(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  return `${Number((ms / 1000).toFixed(3))} s`;
}

/**
 * Thrown when an attempt takes longer than its deadline (`timeoutMs`, the whole body included)
 * and the retries are used up. The message says that time ran out, which service was asked and
 * how long each attempt was given; `hint` says how to allow more.
 */
export class TimeoutError extends ApiError {
  override readonly name = 'TimeoutError';
  /** How many attempts ran out of time before this error was thrown. */
  readonly attempts: number;
  constructor(endpoint: string, readonly timeoutMs: number, place: TimeoutPlace = {}) {
    const who = `${place.service ?? 'the service'}${place.origin ? ` at ${place.origin}` : ''}`;
    const attempts = place.attempts ?? 1;
    const each = attempts > 1 ? ` (each of ${attempts} attempts)` : '';
    super(
      `time ran out: no complete answer from ${who} within ${duration(timeoutMs)}${each}`,
      undefined,
      endpoint,
      'allow more time with the timeoutMs option, or SVC_TIMEOUT=SECONDS in the environment',
    );
    this.attempts = attempts;
  }
}
