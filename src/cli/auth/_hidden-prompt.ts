import type { CommandIO } from '../_program/command.js';
import { PromptAbortedError } from './prompt-aborted-error.js';

/**
 * Reads one line from a terminal without echoing it: raw mode, nothing written back per
 * key, Backspace and Ctrl-U edit, Enter ends, Ctrl-C or Ctrl-D on an empty line aborts.
 */
export function readHiddenLine(io: CommandIO, prompt: string): Promise<string> {
  return readLine(io, prompt, false);
}

/** The same for text that may be seen (a URL): each character shown as it is typed, the edits too. */
export function readShownLine(io: CommandIO, prompt: string): Promise<string> {
  return readLine(io, prompt, true);
}

function readLine(io: CommandIO, prompt: string, shown: boolean): Promise<string> {
  const { stdin, stderr } = io;
  return new Promise((resolve, reject) => {
    let value = '';
    let escape = false;
    const finish = (error?: Error) => {
      stdin.removeListener('data', onData);
      stdin.setRawMode?.(false);
      stdin.pause();
      stderr.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: Buffer | string) => {
      for (const ch of chunk.toString('utf8')) {
        if (escape) {
          // Skip the rest of an escape sequence (arrow keys and the like): letters and ~ end it.
          if (/[A-Za-z~]/.test(ch)) escape = false;
          continue;
        }
        if (ch === '\r' || ch === '\n') return finish();
        if (ch === '\u0003') return finish(new PromptAbortedError());
        if (ch === '\u0004') {
          if (value === '') return finish(new PromptAbortedError());
          continue;
        }
        if (ch === '\u007f' || ch === '\b') {
          if (shown && value !== '') stderr.write('\b \b');
          value = [...value].slice(0, -1).join('');
        } else if (ch === '\u0015') {
          if (shown) stderr.write('\b \b'.repeat([...value].length));
          value = '';
        } else if (ch === '\u001b') escape = true;
        else if (ch >= ' ') {
          value += ch;
          if (shown) stderr.write(ch);
        }
      }
    };
    // Echo goes off before the prompt appears, so nothing typed in answer to it is ever echoed.
    stdin.setRawMode?.(true);
    stderr.write(prompt);
    stdin.on('data', onData);
    stdin.resume();
  });
}
