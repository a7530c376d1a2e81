import { parseArgs } from 'node:util';
import type { Command, ParsedArgs } from './command.js';
import { UsageError } from './usage-error.js';
import { suggestionsFor } from './suggest.js';
import { monthProblem } from '../../runner/options/index.js';
import { withJq } from './jq.js';
import { refuseRepeatedFlags } from './repeated-flags.js';

/** Parses argv for `command` strictly: unknown flags, missing values and a one-value flag given twice are UsageErrors naming the flag. */
export function parseCommandArgs(given: Command, argv: string[], path: string): ParsedArgs {
  const command = withJq(given);
  const options: Record<string, { type: 'string' | 'boolean'; short?: string; multiple?: boolean }> = {};
  for (const [name, spec] of Object.entries(command.options)) {
    options[name] = { type: spec.type, ...(spec.short ? { short: spec.short } : {}), ...(spec.multiple ? { multiple: true } : {}) };
  }
  let parsed: ParsedArgs;
  let tokens: Parameters<typeof refuseRepeatedFlags>[0];
  try {
    const r = parseArgs({ args: withShortEquals(argv, options), options, allowPositionals: true, strict: true, tokens: true });
    parsed = { values: r.values as ParsedArgs['values'], positionals: r.positionals };
    tokens = r.tokens;
  } catch (e) {
    const msg = (e as Error).message;
    const flag = flagNamed(msg, argv);
    if (/Unknown option/i.test(msg)) {
      const near = flag?.startsWith('--') ? suggestionsFor(flag.slice(2).split('=')[0]!, Object.keys(command.options))[0] : undefined;
      throw new UsageError(`unknown flag ${flag ?? ''}`.trim() + (near ? ` (did you mean --${near}?)` : ''), path);
    }
    // Node refuses `--months -1` as ambiguous (the value looks like a flag); say how to write it.
    if (/argument is ambiguous/i.test(msg)) {
      throw new UsageError(`flag ${flag ?? ''} got a value starting with "-"; write it as ${flag ?? '--flag'}=VALUE`, path);
    }
    if (/argument missing/i.test(msg)) throw new UsageError(`flag ${flag ?? ''} needs a value`.replace('  ', ' '), path);
    if (/does not take an argument/i.test(msg)) throw new UsageError(`flag ${flag ?? ''} takes no value`, path);
    if (/Unexpected argument/i.test(msg)) throw new UsageError(`unexpected argument ${flag ?? ''}`.trim(), path);
    throw new UsageError(msg.split('\n')[0] ?? msg, path);
  }
  refuseRepeatedFlags(tokens, options, path);
  const p = command.positionals ?? { min: 0, max: 0 };
  if (parsed.positionals.length < p.min) throw new UsageError(`missing argument ${p.names ?? ''}`.trim(), path);
  if (parsed.positionals.length > p.max) {
    throw new UsageError(`unexpected argument "${parsed.positionals[p.max]}"`, path);
  }
  return parsed;
}

/**
 * The flag node's message is about, as typed: node names a flag with a short form by both
 * (`'-n, --count <value>'`), so the one in argv is named (the long one when neither is there);
 * never the text between, such as the comma.
 */
function flagNamed(message: string, argv: string[]): string | undefined {
  const forms = /'([^']*)'/.exec(message)?.[1]?.split(/[\s,]+/).filter((w) => w.startsWith('-'));
  if (!forms?.length) return undefined;
  return forms.find((f) => argv.some((a) => a === f || a.startsWith(`${f}=`))) ?? forms.at(-1);
}

/**
 * `-n=3` as `--count=3`: node's parser reads a short flag's value as the rest of its word, "=3",
 * where people (and the hint for a value starting with "-") write `-n=VALUE` as `--count=VALUE`.
 * Only a short flag that takes a value, and nothing after a `--`.
 */
function withShortEquals(argv: string[], options: Record<string, { type: 'string' | 'boolean'; short?: string }>): string[] {
  const end = argv.indexOf('--');
  return argv.map((arg, i) => {
    const m = (end === -1 || i < end) && /^-([A-Za-z])=(.*)$/s.exec(arg);
    const name = m && Object.keys(options).find((n) => options[n]!.short === m[1] && options[n]!.type === 'string');
    return name ? `--${name}=${m[2]}` : arg;
  });
}

/** A string flag's value, or undefined. */
export function str(args: ParsedArgs, name: string): string | undefined {
  const v = args.values[name];
  return typeof v === 'string' ? v : undefined;
}

export function bool(args: ParsedArgs, name: string): boolean {
  return args.values[name] === true;
}

/** A flag that must be one of `choices`; UsageError naming the flag otherwise. */
export function choice<T extends string>(args: ParsedArgs, name: string, choices: readonly T[]): T | undefined {
  const v = str(args, name);
  if (v === undefined) return undefined;
  if (!(choices as readonly string[]).includes(v)) {
    throw new UsageError(`--${name} must be one of ${choices.join(', ')} (got "${v}")`);
  }
  return v as T;
}

/** An integer flag within [min, max]; UsageError naming the flag otherwise. */
export function int(args: ParsedArgs, name: string, min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER): number | undefined {
  const v = str(args, name);
  if (v === undefined) return undefined;
  if (!/^-?\d+$/.test(v) || Number(v) < min || Number(v) > max) {
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max} (got "${v}")`);
  }
  return Number(v);
}

/** A run's month flag, `YYYY-MM` of a real month, or undefined; UsageError naming the flag otherwise. */
export function monthFlag(args: ParsedArgs, name = 'month'): string | undefined {
  const v = str(args, name);
  if (v === undefined) return undefined;
  const problem = monthProblem(v);
  if (problem) throw new UsageError(`--${name} ${problem}`);
  return v;
}
