import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { KEPT_ANSWERS_VERSION, type KeptAnswersIndex } from '../runner/manifest/index.js';
import type { VerifyContext } from './_context.js';
import { isRunPath } from '../runner/manifest/index.js';

function isIndex(v: unknown): v is KeptAnswersIndex {
  const x = v as Partial<KeptAnswersIndex> | null;
  // Version 1 (svc 0.3.0 and before) is version 2 without `text`.
  const version = x?.kept_answers_version;
  return !!x && (version === KEPT_ANSWERS_VERSION || version === 1) && typeof x.token_env === 'string' && Array.isArray(x.answers) &&
    x.answers.every((a) => !!a && typeof a.method === 'string' && typeof a.path === 'string' && (a.body === undefined || isRunPath(a.body)) &&
      (a.text === undefined || (version !== 1 && typeof a.text === 'string' && a.body === undefined)));
}

/** A unit's kept-answers index, or undefined with the difference said (missing, unreadable, not one). */
export async function readKeptIndex(ctx: VerifyContext, path: string, whose: string): Promise<KeptAnswersIndex | undefined> {
  if (!ctx.onDisk.has(path)) {
    ctx.differences.push({ file: path, what: `missing: ${whose} cannot be re-derived without the answers they were made from` });
    return undefined;
  }
  try {
    const data: unknown = JSON.parse(await readFile(join(ctx.monthDir, path), 'utf8'));
    if (isIndex(data)) return data;
  } catch {
    // said below
  }
  ctx.differences.push({ file: path, what: `not an index of kept answers: ${whose} cannot be re-derived` });
  return undefined;
}
