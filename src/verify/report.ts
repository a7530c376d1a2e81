/** One thing in a run's folder that is not as the run made it, or that cannot be re-derived. */
export interface VerifyDifference {
  /** The file, relative to the month folder (`../2026-09/manifest.json` for an earlier month's). */
  file: string;
  /** What differs, in one sentence. */
  what: string;
}

/** What `verifyRun` found. */
export interface VerifyReport {
  /** The month folder verified, as given. */
  folder: string;
  /** `YYYY-MM`, from the manifest (null when it could not be read). */
  month: string | null;
  /** Empty when the folder is as the run made it. */
  differences: VerifyDifference[];
  /**
   * Why the month is not complete, in one sentence; null when the run finished it. A run
   * interrupted (Ctrl-C, SIGTERM, its deadline), one killed part-way or still going (the manifest
   * is a checkpoint), or organizations it did not finish: the folder may be exactly as far as the
   * run got (no difference), but the month's documents and books are not all there, so it is no
   * month to archive or file. `svc verify` exits 1 then, as on a difference.
   */
  incomplete: string | null;
  /** What was not re-derived and why, where that is no difference (an interrupted organization, an earlier month not run). */
  notes: string[];
  checked: {
    /** Files checked against the manifest's size and sha256. */
    files: number;
    /** Documents made again from the kept answers and compared byte for byte. */
    documents: number;
    /** Organizations (and the partner workbook) re-derived from their kept answers. */
    units: number;
    /** Invoice records checkInvoice was run on. */
    invoices: number;
    /** summary.md and index.html were made again from the run's figures and footed (not when verify stopped before them). */
    pages: boolean;
    /** Earlier months whose manifest was found as this chain records it. */
    months: number;
  };
}
