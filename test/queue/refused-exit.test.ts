import { describe, expect, it } from 'vitest';
import { refusedPort, startCli } from '../_harness/index.js';

// An operator's script waits for the exit, not for the message: `svc worker` (and the coordinator,
// through the same probe) refused by Redis exits as soon as it has said so. ioredis kept a 2 s timer
// for the refused socket's disconnect, so the exit came 2 s after the line. No redis-server needed:
// nothing listens on the port.

describe('Redis refused', () => {
  it('svc worker exits as soon as it has said so, not 2 s later', async () => {
    const port = await refusedPort();
    const p = startCli(['worker', '--queue', `redis://127.0.0.1:${port}`, '--month', '2026-10'], { SVC_NO_UPDATE_CHECK: '1' });
    let saidAt = 0;
    p.child.stderr!.once('data', () => (saidAt = Date.now()));
    const code = await p.exited;
    const exitedAt = Date.now();
    expect(code).toBe(1);
    expect(p.stderrLines()).toEqual([
      `svc: cannot reach Redis at redis://127.0.0.1:${port}: ECONNREFUSED (is redis-server running there, and the port open to this machine? allow longer with --timeout SECONDS)`,
    ]);
    expect(saidAt).toBeGreaterThan(0);
    // The fix gives tens of ms; the timer it removes gives 2,000 ms or more whatever the load.
    expect(exitedAt - saidAt).toBeLessThan(1500);
  }, 60_000);
});
