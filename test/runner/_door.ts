import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A door in front of a server for one client process: it forwards once opened, and says when the client first reached it. */
export interface Door {
  /** The door's own address (`http://127.0.0.1:PORT`), to give the client as its base URL. */
  readonly url: string;
  /** Settles at the client's first request. */
  readonly reached: Promise<void>;
  /** Lets the held requests and every later one through to the server. */
  open(): void;
  close(): Promise<void>;
}

/**
 * Opens a door to `target` (a base URL), shut at first: requests wait, unanswered, until
 * `open()`. For tests that need a client held at a point it has observably reached (a lock taken,
 * its first request sent) while other processes act, without a timer.
 */
export async function openDoor(target: string): Promise<Door> {
  let isOpen = false;
  const held: Array<() => void> = [];
  let knock!: () => void;
  const reached = new Promise<void>((resolve) => (knock = resolve));
  const server = createServer((req, res) => {
    knock();
    const forward = () => {
      const upstream = request(new URL(req.url ?? '/', target), { method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      upstream.on('error', (e) => res.destroy(e));
      req.pipe(upstream);
    };
    if (isOpen) forward();
    else held.push(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    reached,
    open() {
      isOpen = true;
      for (const forward of held.splice(0)) forward();
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((e) => (e ? reject(e) : resolve()));
        server.closeAllConnections();
      }),
  };
}
