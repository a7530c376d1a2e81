import type { Dispatcher } from 'undici';
import type { CommonClientOptions } from '../../client/index.js';

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
}
