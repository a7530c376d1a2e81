import { singleQuoted, type CompletionNode } from './_table.js';

/**
 * A bash completion script for `svc`: the words typed so far find the place in the command tree
 * (a word counts only where it names a subcommand there); it offers the subcommands there, or
 * the flags once a `-` is typed (or where a command takes no arguments). After a flag that takes
 * a value, and for a command's arguments, bash completes file names.
 */
export function bashScript(table: CompletionNode[]): string {
  const steps = table.flatMap((g) => g.children.map((c) => `${g.path} ${c.name}`));
  const valueFlags = [...new Set(table.flatMap((n) => n.flags.filter((f) => f.takesValue).flatMap((f) => [`--${f.name}`, ...(f.short ? [`-${f.short}`] : [])])))].sort();
  const places = table.map((n) => {
    const cmds = n.children.map((c) => c.name).join(' ');
    const flags = n.flags.map((f) => `--${f.name}`).join(' ');
    return `    ${singleQuoted(n.path)}) cmds=${singleQuoted(cmds)} flags=${singleQuoted(flags)} args=${n.takesArguments ? 1 : 0} ;;`;
  });
  return `# bash completion for svc. Load it in this shell:  source <(svc completion bash)
# or for every new shell:  svc completion bash > ~/.local/share/bash-completion/completions/svc
_svc() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="\${COMP_WORDS[COMP_CWORD-1]}" path="svc" i
  local cmds="" flags="" args=0 words
  for ((i = 1; i < COMP_CWORD; i++)); do
    case "$path \${COMP_WORDS[i]}" in
${steps.map((s) => `      ${singleQuoted(s)}) path="$path \${COMP_WORDS[i]}" ;;`).join('\n')}
    esac
  done
  case "$prev" in
    ${valueFlags.map(singleQuoted).join('|')}) return 0 ;;
  esac
  case "$path" in
${places.join('\n')}
  esac
  if [[ "$cur" == -* ]]; then words="$flags"
  elif [[ -n "$cmds" ]]; then words="$cmds"
  elif [[ "$args" == 1 ]]; then return 0
  else words="$flags"
  fi
  COMPREPLY=($(compgen -W "$words" -- "$cur"))
}
complete -o default -F _svc svc
`;
}
