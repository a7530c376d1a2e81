import type { Command, CommandGroup } from '../_program/command.js';
import { isGroup } from '../_program/command.js';
import { withJq } from '../_program/jq.js';

/** A flag as a shell offers it. */
export interface CompletionFlag {
  /** Without dashes, e.g. `period`. */
  name: string;
  short?: string;
  /** The flag is followed by a value (the shell then completes files, not flags). */
  takesValue: boolean;
  description: string;
}

/** One place on the command line: `svc`, `svc auth`, `svc usage`, with what may follow it. */
export interface CompletionNode {
  /** Words from `svc`, space-separated, e.g. `svc auth`. */
  path: string;
  /** Subcommands (for a group), or the words a command's argument is one of. */
  children: Array<{ name: string; summary: string }>;
  flags: CompletionFlag[];
  /** A leaf command that takes arguments (files, ids, query words): the shell's own completion applies. */
  takesArguments: boolean;
}

const HELP: CompletionFlag = { name: 'help', short: 'h', takesValue: false, description: 'show this help' };
const VERSION: CompletionFlag = { name: 'version', short: 'V', takesValue: false, description: 'print the version' };

/**
 * Every place of the command tree, from the same definitions `--help` prints (so a new command
 * or flag completes as soon as it exists; `--jq` wherever `--json` is).
 */
export function completionTable(root: CommandGroup): CompletionNode[] {
  const out: CompletionNode[] = [];
  const walk = (node: Command | CommandGroup, path: string): void => {
    if (isGroup(node)) {
      const children = node.commands.map((c) => ({ name: c.name, summary: c.summary }));
      if (node === root) children.push({ name: 'help', summary: 'the help of a command' });
      out.push({ path, children, flags: node === root ? [HELP, VERSION] : [HELP], takesArguments: false });
      // `svc help <command>` names the same commands.
      if (node === root) out.push({ path: `${path} help`, children: node.commands.map((c) => ({ name: c.name, summary: c.summary })), flags: [], takesArguments: false });
      for (const c of node.commands) walk(c, `${path} ${c.name}`);
      return;
    }
    const flags = Object.entries(withJq(node).options).map(([name, o]) => ({
      name,
      ...(o.short ? { short: o.short } : {}),
      takesValue: o.type === 'string',
      description: o.description,
    }));
    // An argument written as a list of words (`bash|zsh|fish`) completes as those words.
    const names = node.positionals?.names ?? '';
    const choices = /^[a-z-]+(\|[a-z-]+)+$/.test(names) ? names.split('|').map((name) => ({ name, summary: name })) : [];
    out.push({ path, children: choices, flags: [...flags, HELP], takesArguments: choices.length === 0 && (node.positionals?.max ?? 0) > 0 });
  };
  walk(root, root.name);
  return out;
}

/** `text` as one shell word in single quotes (bash, zsh). */
export function singleQuoted(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}
