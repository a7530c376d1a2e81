// Issue 37: a FIFO at `credentials.json.lock` in the config folder made `svc auth login
// --with-token` and `svc auth logout` wait until killed. The built `svc`, as a real process
// against the reference server: one line naming the lock and what it is, exit 1, the pipe never
// opened for reading (its writer still waits in open(2)), the folder exactly as it was.
import { lstatSync, readFileSync, readdirSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { plantFifo } from '../_fifo.js';
import { KEYS, keyHolder, svcBin } from '../_harness/index.js';

const posix = process.platform !== 'win32';
const at = keyHolder();
const env = () => ({ SVC_CONFIG_DIR: at.cfg, SVC_GATEWAY_URL: at.server.url });

/** Names, kinds, sizes, modification times and bytes of what is in the config folder. */
function folder(): string[] {
  return readdirSync(at.cfg).sort().map((name) => {
    const st = lstatSync(join(at.cfg, name));
    return st.isFile() ? `${name} file ${st.mode.toString(8)} ${st.mtimeMs} ${readFileSync(join(at.cfg, name), 'utf8')}` : `${name} ${st.isFIFO() ? 'fifo' : 'other'}`;
  });
}

const line = (lock: string) =>
  `svc: cannot take the lock at ${lock}: it is a FIFO (named pipe), not a regular file (svc reads and replaces only regular files, and never opens or removes anything else: move it away and run again)`;

describe.runIf(posix)('a FIFO at credentials.json.lock', () => {
  it('svc auth login --with-token: one line naming it, exit 1, never opened, nothing saved', async () => {
    await mkdir(at.cfg, { mode: 0o700 });
    const fifo = await plantFifo(join(at.cfg, 'credentials.json.lock'));
    try {
      const r = await svcBin(['auth', 'login', '--with-token'], env(), { stdin: `${KEYS.limited}\n`, killAfterMs: 30_000 });
      expect(r.code, r.stderr).toBe(1);
      expect(r.ms).toBeLessThan(20_000);
      expect(r.stderr.split('\n').filter(Boolean)).toEqual([line(fifo.path)]);
      expect(fifo.neverRead(), 'the pipe was opened for reading').toBe(true);
      expect(folder()).toEqual(['credentials.json.lock fifo']);
    } finally {
      await fifo.stop();
    }
  }, 40_000);

  it('svc auth logout: the same, and the saved key stays as it was', async () => {
    const saved = await svcBin(['auth', 'login', '--with-token'], env(), { stdin: `${KEYS.limited}\n`, killAfterMs: 30_000 });
    expect(saved.code, saved.stderr).toBe(0);
    const fifo = await plantFifo(join(at.cfg, 'credentials.json.lock'));
    try {
      const before = folder();
      const r = await svcBin(['auth', 'logout'], env(), { killAfterMs: 30_000 });
      expect(r.code, r.stderr).toBe(1);
      expect(r.ms).toBeLessThan(20_000);
      expect(r.stderr.split('\n').filter(Boolean)).toEqual([line(fifo.path)]);
      expect(fifo.neverRead(), 'the pipe was opened for reading').toBe(true);
      expect(folder()).toEqual(before);
      expect(before.some((e) => e.startsWith('credentials.json file 100600 '))).toBe(true);
    } finally {
      await fifo.stop();
    }
  }, 60_000);
});
