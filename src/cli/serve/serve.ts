import type { Command, CommandIO, ParsedArgs } from '../_program/command.js';
import { int, str } from '../_program/args.js';
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { UsageError } from '../_program/usage-error.js';
import { isServeProcess, reportReady, serveOnProcesses, stopRequested } from './_serve-processes.js';
import { serveTour } from './_serve-tour.js';

/** The most serving processes `--processes` allows: more than this is a typo, not a machine. */
const MAX_PROCESSES = 256;

/** `svc serve`: the reference server over a dataset, until SIGINT/SIGTERM. */
export const serveCommand: Command = {
  name: 'serve',
  summary: 'Run the reference server (reporting API and gateway) over a dataset',
  usage: 'serve [--host 127.0.0.1] [--port N] [--data DIR] [--today YYYY-MM-DD] [--processes N]',
  examples: ['svc serve --port 8787', 'svc serve --data ./bench-data --today 2026-11-20', 'svc serve --data ./bench-data --processes 4'],
  options: {
    host: { type: 'string', description: 'interface to listen on (default 127.0.0.1)', valueName: 'HOST' },
    port: { type: 'string', description: 'port; 0 picks any free port (default 0)', valueName: 'N' },
    data: { type: 'string', description: 'dataset folder (default: the bundled samples)', valueName: 'DIR' },
    today: { type: 'string', description: "the server's today, UTC (default: the dataset's)", valueName: 'YYYY-MM-DD' },
    processes: { type: 'string', description: 'serving processes on one port, each with the dataset loaded (default 1)', valueName: 'N' },
  },
  async run(io, args) {
    if (!isServeProcess()) return serveCommandRun(io, args);
    try {
      return await serveCommandRun(io, args);
    } finally {
      // One of several: the channel to the first process must not keep this one alive once it has
      // ended (a refused port, or asked to stop), so that it exits with its own code.
      process.channel?.unref();
    }
  },
};

async function serveCommandRun(io: CommandIO, args: ParsedArgs): Promise<number> {
  const today = str(args, 'today');
  if (today !== undefined && !isCalendarDay(today)) throw new UsageError(`--today must be YYYY-MM-DD, a real day (got "${today}")`);
  const data = str(args, 'data');
  if (data !== undefined) {
    const dir = resolve(io.cwd, data);
    if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new UsageError(`--data: ${data} is not a folder`);
    if (!existsSync(join(dir, 'dataset.json'))) throw new UsageError(`--data: ${data} has no dataset.json (make one with "svc samples generate")`);
  }
  const host = str(args, 'host') ?? '127.0.0.1';
  const port = int(args, 'port', 0, 65535) ?? 0;
  const processes = int(args, 'processes', 1, MAX_PROCESSES) ?? 1;
  if (processes > 1 && !isServeProcess()) return serveOnProcesses(io, processes);
  // Loaded only here: the first of several processes only forks and watches the others, and a bad
  // flag is answered without it (about 0.3 s of CPU less for each; the server loads its dataset).
  const { startReferenceServer } = await import('../../server/index.js');
  const server = await startReferenceServer({ host, port, ...(data !== undefined ? { dataDir: resolve(io.cwd, data) } : {}), ...(today ? { today } : {}) }).catch((e: unknown) => {
    // A host that does not resolve or is not this machine's, a port taken or not allowed: the flag's value is at fault.
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EADDRNOTAVAIL') throw new UsageError(`--host ${host}: not an address of this machine (${code})`);
    if (code === 'EADDRINUSE' || code === 'EACCES') throw new UsageError(`--port ${port}: ${code === 'EADDRINUSE' ? 'in use by another program' : 'not allowed for this user'} (${code})`);
    throw e;
  });
  if (isServeProcess()) {
    // One of several: the first process prints the URL once all listen, and says when to stop.
    reportReady(server.url, server.today);
    await stopRequested();
    await server.close();
    return 0;
  }
  io.stdout.write(`${server.url}\n`);
  io.stderr.write(`reference server listening on ${server.url} (today ${server.today}); Ctrl-C stops it\n`);
  const { BUNDLED_SAMPLES_DIR } = await import('../../server/index.js');
  io.stderr.write(serveTour(server.url, data !== undefined ? resolve(io.cwd, data) : BUNDLED_SAMPLES_DIR) ?? '');
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  await server.close();
  return 0;
}

function isCalendarDay(s: string): boolean {
  const ms = Date.parse(`${s}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === s;
}
