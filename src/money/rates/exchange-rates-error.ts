import { SvcError } from '../../core/index.js';

/**
 * Thrown by `parseExchangeRates` for a rates file that is none of the formats it reads (the
 * ECB's euro reference rates CSV, Danmarks Nationalbank's XML or Statbank CSV) or has a line
 * that is not a rate: `where` names the file and the line (`rates.csv line 3`), `reason` what
 * is wrong with it, so the user can fix or replace the file.
 */
export class ExchangeRatesError extends SvcError {
  override readonly name = 'ExchangeRatesError';
  constructor(
    readonly where: string,
    /** What is wrong, without the place. */
    readonly reason: string,
  ) {
    super(`${where}: ${reason}`);
  }
}
