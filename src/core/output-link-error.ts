import { SvcError } from './svc-error.js';

/**
 * Thrown before anything is written when a path below an output folder (the file itself or a
 * folder on the way to it) is a symbolic link. Anyone who can write to a shared output folder
 * could otherwise point `invoice-….pdf` or a whole organization's folder at a file outside it and
 * have the next run (maybe root's) overwrite that file (issue 26). `path` is relative to the
 * output folder `root`, `/`-separated; `target` is what the link says, when it can be read.
 */
export class OutputLinkError extends SvcError {
  override readonly name = 'OutputLinkError';
  readonly hint = 'svc never writes through a link in its output folder: remove the link (or put a real file or folder there) and run again';

  constructor(
    readonly path: string,
    readonly root: string,
    readonly target: string | undefined,
  ) {
    super(`refusing to write through ${path} in ${root}: it is a symbolic link${target === undefined ? '' : ` to ${target}`}`);
  }
}
