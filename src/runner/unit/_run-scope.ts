import type { RunSecrets } from './run-secrets.js';
import type { OutputWriter } from '../manifest/_output-writer.js';
import type { MonthEndDeps } from './deps.js';
import type { ExchangeRates } from '../../money/index.js';
import type { AnswerTap } from './answer-tap.js';

/** What every part of a run shares: where it fetches from, how, where it writes, and the month. */
export interface RunScope {
  baseUrl: string;
  env: Record<string, string | undefined>;
  deps: MonthEndDeps;
  writer: OutputWriter;
  signal: AbortSignal;
  /** `--language`, over each organization's own. */
  language: string | undefined;
  month: string;
  /** `<outDir>/<month>`: the previous month's manifest lies beside it. */
  monthDir: string;
  /** The run's rates file (`--rates`), for invoices not in DKK without a rate of their own; undefined when none was given. */
  rates: ExchangeRates | undefined;
  /** The run's last guard: token values out of text put into an output (names shown in workbooks). */
  scrub: (text: string) => string;
  /** Whether a text document's UTF-8 bytes hold the unit's token or another of the run's (a piece counting): it is then not written. */
  holdsToken: (bytes: Uint8Array) => boolean;
  /** What the unit's clients send through (the answers kept, or replayed by verify). */
  answers?: AnswerTap;
  /** Every token of the run (RunSecrets), for the unit's client to refuse in parsed answers too. */
  runSecrets?: RunSecrets | undefined;
}
