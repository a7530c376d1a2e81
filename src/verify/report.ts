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
    /** Earlier months whose manifest was found as this chain records it. */
    months: number;
  };
}
