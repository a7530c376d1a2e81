// A dataset folder for a server whose data is not what a test looks at (its OpenAPI document, its
// processes, its port): the samples' dataset.json and tokens.json without their organizations. A
// server reads every organization's usage at start; the samples' four were about a third of the
// CPU of a `svc serve` process's start (0.89 -> 0.63 s).
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SAMPLES } from './_helpers.js';

/** A new temporary folder holding the samples' dataset.json and tokens.json; the caller removes it. */
export function noOrgsDataset(): string {
  const dir = mkdtempSync(join(tmpdir(), 'svc-no-orgs-'));
  for (const f of ['dataset.json', 'tokens.json']) copyFileSync(join(SAMPLES, f), join(dir, f));
  return dir;
}
