import { dirname } from 'node:path';
import { readMonthManifest, type Manifest } from '../runner/manifest/index.js';
import type { VerifyContext } from './_context.js';

/** Months walked back at most (a hundred years of month ends). */
const MAX_MONTHS = 1200;

/**
 * The months' chain, walked back from this month: each manifest records the previous month's
 * manifest sha256 (`previous_month`), so an earlier month altered or removed after the later one
 * was run shows here. An earlier month run only after this one (recorded as none) is a note.
 * Returns how many earlier manifests were found as recorded.
 */
export async function checkChain(ctx: VerifyContext): Promise<number> {
  const outDir = dirname(ctx.monthDir);
  let current: Partial<Manifest> = ctx.manifest;
  let name = `${ctx.manifest.month}/manifest.json`;
  let matched = 0;
  for (let i = 0; i < MAX_MONTHS; i++) {
    const link = current.previous_month;
    if (!link) {
      if (i === 0) ctx.notes.push(`manifest.json records no previous month (made before svc kept the months' chain)`);
      return matched;
    }
    const file = `../${link.month}/manifest.json`;
    const found = await readMonthManifest(outDir, link.month);
    if (link.manifest_sha256 === null) {
      if (found) ctx.notes.push(`${file}: run after ${name} was made, so ${name} does not seal it`);
      return matched;
    }
    if (!found) {
      ctx.differences.push({ file, what: `missing: ${name} records it (sha256 ${link.manifest_sha256.slice(0, 16)}…)` });
      return matched;
    }
    if (found.sha256 !== link.manifest_sha256) {
      ctx.differences.push({ file, what: `altered after ${name} was made: sha256 ${found.sha256.slice(0, 16)}…, ${name} records ${link.manifest_sha256.slice(0, 16)}…` });
    } else matched++;
    try {
      current = JSON.parse(found.text.toString('utf8')) as Partial<Manifest>;
    } catch {
      return matched;
    }
    name = `${link.month}/manifest.json`;
  }
  return matched;
}
