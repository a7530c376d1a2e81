// A port where nothing listens, for the tests of what svc says when it cannot reach a service.
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';

/**
 * The first port of the kernel's ephemeral range (Linux: ip_local_port_range; 32768 where it
 * cannot be read). Every `listen(0)` of the machine is given a port from that range.
 */
function ephemeralLow(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > 1024 ? low : 32768;
  } catch {
    return 32768;
  }
}

/** What a connection to 127.0.0.1:`port` meets now: `connected`, or the error's code (`ECONNREFUSED`: nothing listens). */
export function probePort(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? 'error'));
  });
}

/**
 * A port on 127.0.0.1 that refuses connections, below the ephemeral range. A port found by
 * listening on port 0 and closing again lies in that range, from which the servers of the tests
 * running beside this one are given theirs: one of them was once given it in between and
 * answered the test's request (CI, 2026-12-07). No `listen(0)` hands out a port below the range,
 * and this one is checked to refuse a connection before it is returned.
 */
export async function refusedPort(): Promise<number> {
  const below = ephemeralLow();
  const from = below > 11024 ? 10000 : 1024;
  for (let tries = 0; tries < 50; tries++) {
    const port = from + Math.floor(Math.random() * (below - from));
    if ((await probePort(port)) === 'ECONNREFUSED') return port;
  }
  throw new Error(`refusedPort: 50 ports from ${from} to ${below - 1} tried, none refused a connection`);
}
