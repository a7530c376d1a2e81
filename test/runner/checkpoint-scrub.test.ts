import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Checkpointer } from '../../src/runner/run/_checkpoint.js';
import { SecretScrubber } from '../../src/runner/run/_secret-scrubber.js';
import type { ManifestFile } from '../../src/runner/manifest/manifest.js';
import type { OutputWriter } from '../../src/runner/manifest/_output-writer.js';

// A checkpoint scrubs each file's entry once (the first checkpoint that lists it) and puts the
// text together from pieces of whole lines: what it writes must be, byte for byte, the whole text
// scrubbed at once (the last guard), whatever the tokens match: inside an entry, across the
// punctuation between entries, in the head, in a kept entry of the previous manifest.

const head = { manifest_version: 1, tool: { name: 'svc', version: 'x' }, month: '2026-10', base_url: 'http://127.0.0.1:1', started_at: '2026-11-01T00:00:00.000Z' };

function file(i: number, extra: Partial<ManifestFile> = {}): ManifestFile {
  return {
    path: `org-${i}/invoice-${i}.pdf`, org_id: `org-${i}`, kind: 'invoice_pdf', source_sha256: `${i}`.repeat(8), source: `GET /invoices/${i}`,
    generator: 'svc x', size: 100 + i, sha256: `ab${i}`.repeat(4), status: 'written', ...extra,
  };
}

async function checkpoints(secrets: string[], rounds: ManifestFile[][], previous: ManifestFile[] = []): Promise<{ written: string; expected: string }[]> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-checkpoint-'));
  try {
    const files: ManifestFile[] = [];
    const writer = { files, previousFiles: () => previous.values() } as unknown as OutputWriter;
    const scrubber = new SecretScrubber(secrets);
    const checkpointer = new Checkpointer(dir, writer, () => head, scrubber) as unknown as { write(): Promise<void> };
    const out: { written: string; expected: string }[] = [];
    for (const added of rounds) {
      files.push(...added);
      const touched = new Set(files.map((f) => f.path));
      const all = [...files, ...previous.filter((p) => !touched.has(p.path)).map((p) => ({ ...p, status: 'kept' }))];
      await checkpointer.write();
      out.push({ written: readFileSync(join(dir, 'manifest.json'), 'utf8'), expected: scrubber.scrub(JSON.stringify({ ...head, in_progress: true, files: all }, null, 2)) + '\n' });
    }
    return out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const rounds = [[file(1)], [file(2), file(3)], [], [file(4, { source: 'GET /x tok-in-source' })], [file(5)]];
const previous = [file(3, { status: 'written', size: 1 }), file(9), file(10, { source: 'kept tok-in-source' })];

describe('the checkpoint scrub', () => {
  it.each([
    ['tokens inside entries', ['tok-in-source', 'org-2/invoice-2']],
    ['tokens across the punctuation between entries and pieces', ['true,', '"files": [', '    },', '},', 'ab1ab1ab1', 'org-1']],
    ['tokens holding a line break (the whole text scrubbed at once)', ['"written"\n    },', '  ]\n}', '},\n    {', 'org-2']],
    ['no tokens', []],
  ])('writes the whole text scrubbed at once, byte for byte: %s', async (_name, secrets) => {
    const got = await checkpoints(secrets, rounds, previous);
    expect(got).toHaveLength(rounds.length);
    for (const { written, expected } of got) expect(written).toBe(expected);
    // The guard did something where the tokens occur in the text.
    if (secrets.length) expect(got.at(-1)!.written).toContain('***');
  });

  it('leaves no token in a checkpoint, whichever checkpoint first listed the entry', async () => {
    const got = await checkpoints(['org-1/invoice', 'in_progress'], rounds, previous);
    for (const { written } of got) {
      expect(written).not.toContain('org-1/invoice');
      expect(written).not.toContain('in_progress');
    }
  });
});
