import { PassThrough } from 'node:stream';
import type { Command, CommandIO, OptionSpec, ParsedArgs } from './command.js';
import { UsageError } from './usage-error.js';
import { JqFailedError } from './jq-failed-error.js';

/**
 * `--jq EXPR` on every command that has `--json`, as gh has it: the command's JSON output run
 * through the jq expression by jq itself (jq-wasm: jq 1.7 compiled to WebAssembly, in process,
 * no binary to download), strings printed raw as `jq -r` does. It implies `--json`.
 */
export const JQ_OPTION: OptionSpec = { type: 'string', valueName: 'EXPR', description: 'filter the JSON output with a jq expression (implies --json; strings print raw)' };

/** `command` with `--jq` beside its `--json`; a command without `--json` as it is. */
export function withJq<C extends Pick<Command, 'options'>>(command: C): C {
  if (!('json' in command.options) || 'jq' in command.options) return command;
  return { ...command, options: { ...command.options, jq: JQ_OPTION } };
}

type Jq = (data: string, filter: string, flags: string[]) => Promise<string>;
let jq: Promise<Jq> | undefined;
/** jq, loaded the first time `--jq` is given (about 0.3 s to compile its WebAssembly). */
function loadJq(): Promise<Jq> {
  jq ??= import('jq-wasm').then((m) => m.raw as Jq);
  return jq;
}

/** jq's own words, without its `jq: error` prefix and line of context. */
function jqReason(e: unknown): string {
  const text = e instanceof Error ? e.message : String(e);
  const lines = text.split('\n').map((l) => l.trim()).filter((l) => l !== '' && !/^jq: \d+ compile errors?$/.test(l));
  return (lines[0] ?? text).replace(/^jq: error( \(at [^)]*\))?: /, '').replace(/:$/, '');
}

/**
 * Runs `run` with its stdout captured when `--jq` is given, then writes jq's output of what it
 * printed; the command's exit code stays. The expression is compiled first, so a mistake in it
 * is a UsageError (exit 2) before anything is asked of a service.
 */
export async function runWithJq(io: CommandIO, args: ParsedArgs, run: (io: CommandIO, args: ParsedArgs) => Promise<number | void>): Promise<number | void> {
  const expr = args.values.jq;
  if (typeof expr !== 'string') return run(io, args);
  const raw = await loadJq();
  try {
    await raw('null', expr, ['-n']);
  } catch (e) {
    if (/compile error/.test((e as Error).message)) throw new UsageError(`--jq: ${jqReason(e)}`);
    // A run-time error on null (`.a[0].b` of nothing is fine, `error("x")` is not) says nothing yet about the real output.
  }
  const captured = new PassThrough();
  let text = '';
  captured.on('data', (c: Buffer) => (text += c.toString('utf8')));
  const code = await run({ ...io, stdout: captured }, { ...args, values: { ...args.values, json: true } });
  await new Promise((r) => setImmediate(r));
  if (text.trim() === '') return code;
  let out: string;
  try {
    out = await raw(text, expr, ['-r']);
  } catch (e) {
    throw new JqFailedError(jqReason(e));
  }
  if (out !== '') io.stdout.write(out.endsWith('\n') ? out : `${out}\n`);
  return code;
}
