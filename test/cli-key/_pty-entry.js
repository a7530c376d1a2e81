// Entry for the pseudo-terminal tests: what src/cli/main.ts does, over the key commands only
// (loaded through the TS hooks, since Node 20 cannot run .ts and the full tree is slow to load).
const { runCli } = await import('../../src/cli/run.js');
const { afterCommand } = await import('../../src/cli/_update/auto-check.js');
const { authGroup } = await import('../../src/cli/auth/index.js');
const { usageCommand } = await import('../../src/cli/usage.js');
const { modelsCommand } = await import('../../src/cli/models.js');
const root = { name: 'svc', summary: 'svc (key commands)', commands: [authGroup, modelsCommand, usageCommand] };
const io = { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd() };
const argv = process.argv.slice(2);
process.exitCode = await runCli(root, argv, io);
await afterCommand(io).catch(() => {});
