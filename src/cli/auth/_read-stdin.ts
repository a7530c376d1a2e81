import type { Readable } from 'node:stream';
import { UsageError } from '../_program/usage-error.js';

const LIMIT = 64 * 1024;

/** The first line of stdin (for `--with-token`), trimmed. @throws UsageError when empty or huge */
export async function readKeyFromStdin(stdin: Readable): Promise<string> {
  let text = '';
  for await (const chunk of stdin) {
    text += typeof chunk === 'string' ? chunk : (chunk as Buffer).toString('utf8');
    if (text.length > LIMIT) throw new UsageError('--with-token: stdin is too long to be an API key');
  }
  const key = text.split(/\r?\n/).map((l) => l.trim()).find((l) => l !== '') ?? '';
  if (!key) throw new UsageError('--with-token: no key on stdin');
  return key;
}
