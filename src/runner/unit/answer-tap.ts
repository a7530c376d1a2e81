import type { Dispatcher } from 'undici';
import type { CommonClientOptions } from '../../client/index.js';

/** One answer a unit's clients received, as the unit's kept index lists it (see KeptAnswer). */
export interface ReceivedAnswer {
  method: string;
  path: string;
  status?: number;
  /** No answer came: the connection's error. */
  failed?: string;
  /** The body was not kept (it held the unit's token). */
  withheld?: string;
  /** The body's size and sha256 as received. */
  bytes?: number;
  sha256?: string;
  cut?: true;
}

/**
 * What a unit's clients send their requests through. A run's tap passes them on to the network
 * and records every answer (the run keeps them beside its documents); `svc verify`'s answers
 * them from the answers a run kept, and the network is never reached. The package's own deps
 * (createDefaultDeps) honour it; deps of an embedder that ignore it keep no answers, and such a
 * run cannot be re-derived by `svc verify` (it says so).
 */
export interface AnswerTap {
  /** The dispatcher a client sends through, given the run's connection pool. */
  through(network: Dispatcher): Dispatcher;
  /** Backoff of the clients made with this tap (verify's replay waits for nothing). */
  readonly retry?: CommonClientOptions['retry'];
  /**
   * The answers the unit's clients received so far, in the order they asked (a run's as they came,
   * verify's as it replays them). A cost workbook's source is these (`sha256OfAnswers`); a tap
   * without it, or one nothing went through, leaves the workbook's source a hash of its records.
   */
  received?(): Promise<readonly ReceivedAnswer[]>;
}
