import { singleQuoted, type CompletionNode } from './_table.js';

/** `name:description` for _describe, the colon in a name escaped, the whole one shell word. */
const described = (name: string, description: string) => singleQuoted(`${name.replace(/:/g, '\\:')}:${description.replace(/\s+/g, ' ')}`);

/**
 * A zsh completion script for `svc` (`#compdef svc`): like the bash one, it finds the place in
 * the command tree from the words typed so far and offers its subcommands or flags, each with
 * its one-line description; a command's arguments and a flag's value complete as files.
 */
export function zshScript(table: CompletionNode[]): string {
  const steps = table.flatMap((g) => g.children.map((c) => `${g.path} ${c.name}`));
  const valueFlags = [...new Set(table.flatMap((n) => n.flags.filter((f) => f.takesValue).flatMap((f) => [`--${f.name}`, ...(f.short ? [`-${f.short}`] : [])])))].sort();
  const places = table.map((n) => {
    const cmds = n.children.map((c) => described(c.name, c.summary)).join(' ');
    const flags = n.flags.map((f) => described(`--${f.name}`, f.description)).join(' ');
    return `    ${singleQuoted(n.path)}) cmds=(${cmds}); flags=(${flags}); args=${n.takesArguments ? 1 : 0} ;;`;
  });
  return `#compdef svc
# zsh completion for svc. Load it in this shell:  source <(svc completion zsh)
# or for every new shell, into a folder of your $fpath:  svc completion zsh > "\${fpath[1]}/_svc"
_svc() {
  local path_="svc" i
  local -a cmds flags
  local args=0
  for ((i = 2; i < CURRENT; i++)); do
    case "$path_ \${words[i]}" in
${steps.map((s) => `      ${singleQuoted(s)}) path_="$path_ \${words[i]}" ;;`).join('\n')}
    esac
  done
  case "\${words[CURRENT-1]}" in
    ${valueFlags.map(singleQuoted).join('|')}) _files; return ;;
  esac
  case "$path_" in
${places.join('\n')}
  esac
  if [[ "\${words[CURRENT]}" == -* ]]; then _describe -t flags 'flag' flags
  elif (( \${#cmds} )); then _describe -t commands 'command' cmds
  elif (( args )); then _files
  else _describe -t flags 'flag' flags
  fi
}
if [[ "\${zsh_eval_context[-1]}" == loadautofunc ]]; then _svc "$@"; else compdef _svc svc; fi
`;
}
