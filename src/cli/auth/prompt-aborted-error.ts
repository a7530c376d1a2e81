import { SvcError } from '../../core/index.js';
/** Thrown when the user ends the hidden key prompt with Ctrl-C or Ctrl-D: nothing is saved. */
export class PromptAbortedError extends SvcError {
  override readonly name = 'PromptAbortedError';
  readonly exitCode = 130;
  constructor() {
    super('cancelled; nothing was saved');
  }
}
