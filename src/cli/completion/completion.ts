import type { Command, CommandGroup } from '../_program/command.js';
import { UsageError } from '../_program/usage-error.js';

const SHELLS = ['bash', 'zsh', 'fish'] as const;

/** `svc completion bash|zsh|fish`: the shell's completion script for svc's commands and flags, on stdout. */
export const completionCommand: Command = {
  name: 'completion',
  summary: 'Print the shell completion script (bash, zsh or fish)',
  about:
    'Completes the commands, subcommands and flags (with their descriptions in zsh and fish) from the ' +
    'same definitions as --help. Load it in the current shell with the first example, or save it where ' +
    'the shell looks (the script\'s first lines say where) to have it in every new shell.',
  usage: 'completion bash|zsh|fish',
  examples: ['source <(svc completion bash)', 'svc completion zsh > "${fpath[1]}/_svc"', 'svc completion fish > ~/.config/fish/completions/svc.fish'],
  options: {},
  positionals: { min: 1, max: 1, names: 'bash|zsh|fish' },
  async run(io, args) {
    const shell = args.positionals[0]!;
    if (!(SHELLS as readonly string[]).includes(shell)) throw new UsageError(`no completion for "${shell}": choose bash, zsh or fish`);
    // The tree is read when the command runs (it lists this command too): the manifest the bin uses, else the modules.
    const { loadCommandManifest } = await import('../_manifest.js');
    const root: CommandGroup = loadCommandManifest() ?? (await import('../commands.js')).rootGroup;
    const { completionTable } = await import('./_table.js');
    const table = completionTable(root);
    const script =
      shell === 'bash' ? (await import('./_bash.js')).bashScript(table)
        : shell === 'zsh' ? (await import('./_zsh.js')).zshScript(table)
          : (await import('./_fish.js')).fishScript(table);
    io.stdout.write(script);
    return 0;
  },
};
