// A named pipe planted where svc reads or replaces a file, with a writer waiting at its other end:
// open(2) for writing blocks until some process opens the pipe for reading, so the writer still
// waiting when svc has ended proves svc never opened it to read (not even for an instant with
// O_NONBLOCK, which would let the writer's open return).
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, lstatSync, readFileSync } from 'node:fs';

export interface PlantedFifo {
  path: string;
  /** True while the writer still waits in open(2): no process has opened the pipe for reading. */
  neverRead(): boolean;
  /** Ends the writer (by its pid); the pipe stays. */
  stop(): Promise<void>;
}

/** Makes a FIFO at `path` (nothing may be there) and starts its writer. */
export async function plantFifo(path: string): Promise<PlantedFifo> {
  execFileSync('mkfifo', ['-m', '600', path]);
  // `exec 3>` is the shell's open(2) for writing; it prints only once a reader has opened the pipe.
  const writer: ChildProcess = spawn('sh', ['-c', 'exec 3>"$1"; echo opened', 'sh', path], { stdio: ['ignore', 'pipe', 'ignore'] });
  let opened = false;
  writer.stdout!.on('data', () => (opened = true));
  // Waits until the writer is inside open(2), waiting for a reader (Linux names that wait
  // `wait_for_partner` in /proc/PID/wchan), so a reader from now on is seen.
  for (let i = 0; ; i++) {
    const wchan = (() => {
      try {
        return readFileSync(`/proc/${writer.pid}/wchan`, 'utf8');
      } catch {
        return undefined;
      }
    })();
    if (wchan === 'wait_for_partner') break;
    // No /proc (not Linux): a moment is all there is to go on.
    if (wchan === undefined && i > 0 && !existsSync('/proc/self')) break;
    if (i > 200 || writer.exitCode !== null) throw new Error(`the writer of ${path} did not start waiting (wchan ${wchan})`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return {
    path,
    neverRead: () => !opened && writer.exitCode === null && writer.signalCode === null && lstatSync(path).isFIFO(),
    stop: async () => {
      if (writer.exitCode !== null || writer.signalCode !== null) return;
      const gone = new Promise((r) => writer.once('exit', r));
      writer.kill('SIGKILL');
      await gone;
    },
  };
}
