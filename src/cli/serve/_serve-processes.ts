import cluster, { type Worker } from 'node:cluster';
import type { CommandIO } from '../_program/command.js';

/** Set in the environment of the processes `svc serve --processes N` starts. */
export const SERVE_PROCESS_ENV = 'SVC_SERVE_PROCESS';

/** What a serving process tells the first one once it listens. */
interface Ready {
  svcServeReady: { url: string; today: string };
}

/** Whether this process is one of the N serving processes `svc serve --processes N` started. */
export function isServeProcess(): boolean {
  return cluster.isWorker && process.env[SERVE_PROCESS_ENV] === '1';
}

/** In a serving process: tells the first process the server listens. */
export function reportReady(url: string, today: string): void {
  const ready: Ready = { svcServeReady: { url, today } };
  process.send?.(ready);
}

/**
 * In a serving process: resolves when the first process asks it to stop (it disconnects or sends
 * SIGTERM). SIGINT is left to the first process, which gets it from the terminal too and stops
 * all of them, so a Ctrl-C is not taken for a process that died.
 */
export function stopRequested(): Promise<void> {
  return new Promise((resolve) => {
    process.on('SIGINT', () => {});
    process.once('SIGTERM', () => resolve());
    process.once('disconnect', () => resolve());
  });
}

/**
 * `svc serve --processes N`: starts N processes of the same command over node:cluster, each
 * loading the dataset itself and serving on the one shared port (the first process hands each
 * connection to the next in turn). The first one starts alone, so a dataset or address problem
 * is reported once; the others start together after it. Prints the URL once all listen, and
 * runs until SIGINT/SIGTERM (exit 0). A serving process that ends on its own stops the rest and
 * the serve with one line and exit 1: a reference server short of a process would measure or
 * test something else than asked, so it is not replaced behind the caller's back.
 */
export async function serveOnProcesses(io: CommandIO, processes: number): Promise<number> {
  cluster.setupPrimary({ exec: process.argv[1]!, args: process.argv.slice(2), silent: false });
  const env = { [SERVE_PROCESS_ENV]: '1', SVC_NO_UPDATE_CHECK: '1' };
  const workers: Worker[] = [];
  let stopping = false;
  let failed: ((line: string, code: number) => void) | undefined;
  const ended = new Promise<{ line: string; code: number }>((resolve) => (failed = (line, code) => resolve({ line, code })));
  const start = (n: number) =>
    new Promise<{ url: string; today: string }>((resolve) => {
      const w = cluster.fork(env);
      workers.push(w);
      let ready = false;
      w.on('message', (m: Partial<Ready>) => {
        if (!m.svcServeReady) return;
        ready = true;
        resolve(m.svcServeReady);
      });
      w.on('exit', (code, signal) => {
        if (stopping) return;
        const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
        // Before it listened, the process has said why on stderr (a bad dataset, a port in use): that is the
        // line, and its exit code is passed on.
        if (!ready && !signal && code) failed!('', code);
        else failed!(`svc: serve: serving process ${n} of ${processes} (pid ${w.process.pid}) ${how}; stopping the others`, 1);
      });
    });
  const stop = async () => {
    stopping = true;
    await Promise.all(workers.map((w) => (w.isDead() ? undefined : new Promise<void>((resolve) => {
      w.once('exit', () => resolve());
      w.process.kill('SIGTERM');
    }))));
  };
  const interrupted = new Promise<void>((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
  const listening = (async () => {
    const first = await start(1);
    await Promise.all(Array.from({ length: processes - 1 }, (_, i) => start(i + 2)));
    io.stdout.write(`${first.url}\n`);
    io.stderr.write(`reference server listening on ${first.url} (today ${first.today}) in ${processes} processes; Ctrl-C stops it\n`);
  })();
  const outcome = await Promise.race([ended, interrupted.then(() => undefined), listening.then(() => Promise.race([ended, interrupted.then(() => undefined)]))]);
  await stop();
  if (!outcome) return 0;
  if (outcome.line) io.stderr.write(`${outcome.line}\n`);
  return outcome.code;
}
