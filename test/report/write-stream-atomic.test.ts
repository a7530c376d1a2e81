// Writing an output file atomically when the disk fills up mid-way: one clear error naming the
// file, no temp file left behind, and the file that was there before unchanged.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { writeStreamAtomic } from '../../src/core/atomic-write.js';
import { buildCostReport } from '../../src/report/index.js';
import { OutputWriteError } from '../../src/core/index.js';
import { fixtureData } from './_fixtures.js';

const diskFull = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });

describe('writeStreamAtomic', () => {
  test('a write error mid-way: OutputWriteError naming the file, no temp file, the old file kept', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-atomic-'));
    const path = join(dir, 'cost.xlsx');
    writeFileSync(path, 'the earlier workbook');
    const err = await writeStreamAtomic(path, async (out) => {
      out.write('part of a workbook');
      // The stream fails while the producer is still at work, as a full disk makes it.
      out.destroy(diskFull());
      await new Promise((resolve) => setTimeout(resolve, 20));
      await buildCostReport(fixtureData({ month: '2026-10' }), { stream: out });
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OutputWriteError);
    expect((err as OutputWriteError).message).toBe(`cannot write ${path}: no space left on device (ENOSPC)`);
    expect((err as OutputWriteError).code).toBe('ENOSPC');
    expect(readdirSync(dir)).toEqual(['cost.xlsx']);
    expect(readFileSync(path, 'utf8')).toBe('the earlier workbook');
  });

  test('a workbook written whole replaces the earlier file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-atomic-'));
    const path = join(dir, 'cost.xlsx');
    writeFileSync(path, 'old');
    const size = await writeStreamAtomic(path, (out) => buildCostReport(fixtureData({ month: '2026-10' }), { stream: out }));
    expect(readdirSync(dir)).toEqual(['cost.xlsx']);
    expect(readFileSync(path).subarray(0, 2).toString()).toBe('PK');
    expect(readFileSync(path).length).toBe(size);
  });
});
