import { SvcError } from '../../core/index.js';

/**
 * Thrown, for one organization or the partner workbook of a month end, when one of the service's
 * answers to the unit held the unit's own token, or another token of the run (`whose`): no document of the unit is written from then on
 * (an invoice, e-invoice, PDF or workbook would carry the token into files people file and send),
 * and the part fails naming the answer and the token's variable, never the token. Its answers
 * without the token are still kept beside what was made. A client's own refusal of such an answer
 * (CredentialInResponseError, which names the client's default variable) is said as this one,
 * naming the unit's `token_env` (classifyError).
 */
export class TokenInAnswerError extends SvcError {
  override readonly name = 'TokenInAnswerError';
  constructor(
    /** `METHOD /path` of the first answer that held the token. */
    readonly answer: string,
    /** The variable the token was read from (`token_env`). */
    readonly tokenEnv: string,
    /** `run`: not the unit's own token but another of the run's (an organization's or the partner's). */
    readonly whose: 'unit' | 'run' = 'unit',
  ) {
    super(whose === 'run'
      ? `the service's answer to ${answer} contained a token of this run that is not this unit's (another organization's or the partner's): no document is made from its answers; ask the service why its answer holds it`
      : `the service's answer to ${answer} contained this unit's token (the value of ${tokenEnv}): no document is made from its answers; ask the service why its answer holds the token`);
  }
}
