import { SecretFragments } from '../../core/index.js';

/** What the package's client calls the run's other tokens in its refusal (classifyError says it in the unit's words). */
export const RUN_TOKENS_CREDENTIAL = 'token of another organization or the partner of this run';

/**
 * Every token of a run, each organization's and the partner's (a piece of one counting), with the
 * organizations' ids public: what no answer to any unit may hold. An organization's answers that
 * held another organization's token or the partner's had it put into that organization's invoice,
 * e-invoice and workbook, exit 0 (an outside attack review): the unit's own guard knew its own
 * token only. Made once for a run (and once for each of its worker threads), shared by its units.
 */
export class RunSecrets {
  /** For searching an answer's bytes as they come. */
  readonly inBytes: SecretFragments;
  /** For the strings of parsed JSON (escapes, invisible characters). */
  readonly inText: SecretFragments;

  constructor(
    /** The values of the run's token variables (missing ones skipped). */
    readonly tokens: ReadonlyArray<string | undefined>,
    /** The run's organization ids. */
    readonly orgIds: readonly string[],
  ) {
    this.inBytes = SecretFragments.ofUtf8(tokens, { public: orgIds });
    this.inText = new SecretFragments(tokens, { public: orgIds });
  }

  /** For the package's client (MonthEndDeps.reportingClient's `refuseAlso`): the run's tokens in parsed answers. */
  get refuseAlso(): { fragments: SecretFragments; credential: string } {
    return { fragments: this.inText, credential: RUN_TOKENS_CREDENTIAL };
  }
}
