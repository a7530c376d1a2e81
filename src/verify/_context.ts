import type { Manifest } from '../runner/manifest/index.js';
import type { MonthEndDeps } from '../runner/unit/index.js';
import type { VerifyDifference } from './report.js';

/** What every check of one verification shares. */
export interface VerifyContext {
  monthDir: string;
  manifest: Manifest;
  /** Every path the manifest lists. */
  listed: ReadonlySet<string>;
  /** The sha256 of each listed file as found on disk (absent: missing or not a plain file). */
  onDisk: ReadonlyMap<string, string>;
  deps: MonthEndDeps;
  /** A folder of this verification's own, where documents are made again. */
  tmp: string;
  signal: AbortSignal;
  differences: VerifyDifference[];
  notes: string[];
  /** Units that made nothing this run (every part withheld or failed before a document): nothing to re-derive. */
  madeNothing: string[];
}
