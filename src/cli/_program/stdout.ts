import { fstatSync, writeSync } from 'node:fs';
import { Writable } from 'node:stream';

/**
 * Standard output as the commands write to it. Redirected to a file, Node's own stream writes
 * with writeSync and ignores a short count, so a file-size limit (`ulimit -f`) cut the output
 * short with exit 0; here every byte is written or the write fails (EFBIG, ENOSPC).
 */
export function standardOutput(): NodeJS.WriteStream | Writable {
  let isFile = false;
  try {
    isFile = fstatSync(1).isFile();
  } catch {
    // No descriptor 1 (closed): Node's stream reports that itself.
  }
  if (!isFile) return process.stdout;
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      try {
        for (let at = 0; at < chunk.length;) {
          const n = writeSync(1, chunk, at, chunk.length - at);
          if (n <= 0) throw Object.assign(new Error('nothing more could be written'), { code: 'EFBIG' });
          at += n;
        }
        done();
      } catch (e) {
        done(e as Error);
      }
    },
  });
}

/**
 * The exit code when the reader of stdout closed the pipe early (`svc invoices list | head -1`):
 * 128 + SIGPIPE (13), what a shell reports for git, cat or ls ended by SIGPIPE there. The reader
 * took what it wanted, so nothing is said; `set -o pipefail` still sees the output was cut.
 */
export const EXIT_READER_GONE = 141;

const WHY: Record<string, string> = {
  ENOSPC: 'no space left on the device',
  EFBIG: 'the file size limit was reached',
  EDQUOT: 'the disk quota was reached',
  EIO: 'an input/output error',
};

/** The one line for a failed write to stdout: the output is incomplete, so the command failed. */
export function stdoutFailure(e: NodeJS.ErrnoException): string {
  const code = e.code ?? 'error';
  return `svc: could not write all of the output to stdout (${code}: ${WHY[code] ?? e.message}); what was written is incomplete\n`;
}
