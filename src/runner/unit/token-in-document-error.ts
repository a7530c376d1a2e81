import { SvcError } from '../../core/index.js';

/**
 * Thrown, for one organization of a month end, when a document made from answers that held no
 * token would hold one all the same: the e-invoice writes a VAT number compacted (spaces, dots
 * and dashes removed, full-width letters made plain, upper-cased), which can join the pieces of a
 * token the answers spelled apart (an outside re-review: `rt_nordl.ys_5f2c8e…` as a buyer's VAT
 * number became the token in `cbc:CompanyID`). The document is not written and the part fails,
 * naming the document, never the token.
 */
export class TokenInDocumentError extends SvcError {
  override readonly name = 'TokenInDocumentError';
  constructor(
    /** The document's path in the month folder. */
    readonly path: string,
  ) {
    super(`${path} would hold a token of this run, joined from pieces in its invoice's record (a VAT number written with dots or spaces between them): not written; ask the service why its record holds it`);
  }
}
