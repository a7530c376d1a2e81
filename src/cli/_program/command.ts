import type { Readable, Writable } from 'node:stream';

/** Where a command reads and writes; injected so tests drive commands without a real process. */
export interface CommandIO {
  stdin: Readable & { isTTY?: boolean; setRawMode?: (raw: boolean) => unknown };
  stdout: Writable & { isTTY?: boolean; columns?: number };
  stderr: Writable & { isTTY?: boolean; columns?: number };
  env: Record<string, string | undefined>;
  cwd: string;
  /**
   * True when the command is the whole process (the `svc` bin): it may then tune the process itself,
   * as V8's heap flags. A program running commands in its own process keeps its settings.
   */
  ownsProcess?: boolean;
}

export interface OptionSpec {
  type: 'string' | 'boolean';
  short?: string;
  multiple?: boolean;
  /** One line for `--help`. */
  description: string;
  /** Placeholder in `--help`, e.g. `FILE`. */
  valueName?: string;
}

export interface ParsedArgs {
  values: Record<string, string | boolean | string[] | boolean[] | undefined>;
  positionals: string[];
}

/** One leaf command, e.g. `svc invoices render`. */
export interface Command {
  name: string;
  summary: string;
  /** A paragraph under the summary in `--help` (what the output means). */
  about?: string;
  /** The synopsis without `svc`, e.g. `invoices render <invoice.json|-> [-o out.pdf]`. */
  usage: string;
  /** Full command lines shown under "Examples". */
  examples: string[];
  options: Record<string, OptionSpec>;
  /** Allowed count of positional arguments. */
  positionals?: { min: number; max: number; names?: string };
  /** Returns the exit code (0 when omitted). */
  run(io: CommandIO, args: ParsedArgs): Promise<number | void>;
}

/** A named group of commands, e.g. `svc invoices ...`. */
export interface CommandGroup {
  name: string;
  summary: string;
  commands: Array<Command | CommandGroup>;
}

export function isGroup(c: Command | CommandGroup): c is CommandGroup {
  return 'commands' in c;
}
