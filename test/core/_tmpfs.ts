import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmdirSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A real full disk: a tmpfs of a few pages mounted for the test (needs root, as CI runs; where
 * mounting is refused the tests that need it are skipped and say so).
 */
export interface TinyDisk {
  dir: string;
  /** Fills the disk until `bytes` are left free. */
  leaveFree(bytes: number): void;
  free(): number;
  unmount(): void;
  /** Remounts it read-only (EROFS on every write from then on). */
  readOnly(): void;
}

function tryMount(kb: number): TinyDisk | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'svc-tinydisk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${kb}k`, 'tmpfs', dir], { stdio: 'ignore' });
  } catch {
    rmdirSync(dir);
    return undefined;
  }
  let fillers = 0;
  const free = () => {
    const s = statfsSync(dir);
    return s.bavail * s.bsize;
  };
  return {
    dir,
    free,
    leaveFree(bytes) {
      const fill = free() - bytes;
      if (fill > 0) writeFileSync(join(dir, `filler-${fillers++}`), Buffer.alloc(fill, 0x61));
    },
    readOnly() {
      execFileSync('mount', ['-o', 'remount,ro', dir], { stdio: 'ignore' });
    },
    unmount() {
      execFileSync('umount', [dir], { stdio: 'ignore' });
      rmdirSync(dir);
    },
  };
}

/** Mounts a tmpfs of `kb` KiB, or undefined when this machine does not let the test mount one. */
export function tinyDisk(kb = 64): TinyDisk | undefined {
  return tryMount(kb);
}

/** Whether a tmpfs can be mounted here (checked once with a probe). */
export const CAN_MOUNT = (() => {
  const probe = tryMount(16);
  probe?.unmount();
  return probe !== undefined;
})();
