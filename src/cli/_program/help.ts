import type { Command, CommandGroup } from './command.js';
import { isGroup } from './command.js';
import { withJq } from './jq.js';

/** Help fits an 80-column terminal. */
const WIDTH = 80;

function pad(s: string, n: number): string {
  return s.length >= n ? s + '  ' : s + ' '.repeat(n - s.length);
}

/**
 * `first` followed by `text` word-wrapped to WIDTH; continuation lines are indented to `indent`.
 * A word longer than the room is left whole rather than broken.
 */
function wrap(first: string, text: string | string[], indent: number): string[] {
  const out: string[] = [];
  let line = first;
  const words = typeof text === 'string' ? text.split(/\s+/).filter(Boolean) : text;
  for (const word of words) {
    const atStart = line.length <= (out.length === 0 ? first.length : indent);
    if (!atStart && line.length + 1 + word.length > WIDTH) {
      out.push(line);
      line = ' '.repeat(indent) + word;
    } else {
      line += (atStart ? '' : ' ') + word;
    }
  }
  out.push(line);
  return out;
}

/** A synopsis split so that `[--language da|en]` or `<invoice.json|->` never break inside. */
function usageWords(usage: string): string[] {
  return (usage.replace(/\s+/g, ' ').match(/\[[^\]]*\]|<[^>]*>|\S+/g) ?? []);
}

/** `--help` of a group: its subcommands, one line each; the root also lists the flags every run takes. */
export function groupHelp(group: CommandGroup, path: string, isRoot = false): string {
  const rows = group.commands.map((c) => [c.name, c.summary] as const);
  const flags = isRoot ? ([['-V, --version', 'print the version'], ['-h, --help', 'show this help']] as const) : [];
  const w = Math.min(24, Math.max(...[...rows, ...flags].map(([n]) => n.length)) + 2);
  const lines = [...wrap('', group.summary, 0), '', 'Usage:', `  ${path} <command> [flags]`, '', 'Commands:'];
  for (const [n, s] of rows) lines.push(...wrap(`  ${pad(n, w)}`, s, 2 + w));
  if (flags.length) {
    lines.push('', 'Flags:');
    for (const [l, d] of flags) lines.push(...wrap(`  ${pad(l, w)}`, d, 2 + w));
  }
  lines.push('', ...wrap('', `Run "${path} help <command>" or "${path} <command> --help" for a command's flags and examples.`, 0));
  return lines.join('\n') + '\n';
}

/** `--help` of a leaf command: synopsis, flags, examples. */
export function commandHelp(given: Command): string {
  const command = withJq(given);
  const about = command.about ? ['', ...wrap('', command.about, 0)] : [];
  const lines = [...wrap('', command.summary, 0), ...about, '', 'Usage:', ...wrap('  svc ', usageWords(command.usage), 6)];
  const flags = Object.entries(command.options).map(([name, o]) => {
    const left = `${o.short ? `-${o.short}, ` : '    '}--${name}${o.type === 'string' ? ` ${o.valueName ?? 'VALUE'}` : ''}`;
    return [left, o.description] as const;
  });
  flags.push(['-h, --help', 'show this help']);
  const w = Math.min(30, Math.max(...flags.map(([l]) => l.length)) + 2);
  lines.push('', 'Flags:');
  for (const [l, d] of flags) lines.push(...wrap(`  ${pad(l, w)}`, d, 2 + w));
  if (command.examples.length) {
    lines.push('', 'Examples:');
    for (const e of command.examples) lines.push(`  $ ${e}`);
  }
  return lines.join('\n') + '\n';
}

/** The command or group `argv` names below `root` (whose own path is `rootPath`), and the words after it. */
export function findCommand(
  root: CommandGroup,
  argv: string[],
  rootPath: string = root.name,
): { node: Command | CommandGroup; path: string; rest: string[] } {
  let node: Command | CommandGroup = root;
  let path = rootPath;
  let i = 0;
  while (isGroup(node) && i < argv.length && !argv[i]!.startsWith('-')) {
    const next: Command | CommandGroup | undefined = node.commands.find((c) => c.name === argv[i]);
    if (!next) break;
    node = next;
    path += ` ${next.name}`;
    i++;
  }
  return { node, path, rest: argv.slice(i) };
}
