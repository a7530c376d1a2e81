import type { CompletionNode } from './_table.js';

/** `text` as one fish word in single quotes. */
const quoted = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\s+/g, ' ')}'`;

/**
 * A fish completion script for `svc`: a function finds the place in the command tree from the
 * words typed so far; each subcommand and flag is a `complete` line conditioned on that place,
 * with its description. A flag that takes a value asks for one (`-r`), a command's arguments
 * complete as files.
 */
export function fishScript(table: CompletionNode[]): string {
  const steps = table.flatMap((g) => g.children.map((c) => `${g.path} ${c.name}`));
  const lines: string[] = [];
  for (const n of table) {
    const cond = `-n ${quoted(`test (__svc_path) = ${quoted(n.path)}`)}`;
    for (const c of n.children) lines.push(`complete -c svc -f ${cond} -a ${quoted(c.name)} -d ${quoted(c.summary)}`);
    for (const f of n.flags) lines.push(`complete -c svc ${n.takesArguments ? '' : '-f '}${cond} -l ${f.name}${f.short ? ` -s ${f.short}` : ''}${f.takesValue ? ' -r' : ''} -d ${quoted(f.description)}`);
  }
  return `# fish completion for svc. Load it in this shell:  svc completion fish | source
# or for every new shell:  svc completion fish > ~/.config/fish/completions/svc.fish
function __svc_path
    set -l path svc
    for w in (commandline -opc)[2..-1]
        switch "$path $w"
            case ${steps.map(quoted).join(' ')}
                set path "$path $w"
        end
    end
    echo $path
end
complete -c svc -e
${lines.join('\n')}
`;
}
