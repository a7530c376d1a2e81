import { readFile } from 'node:fs/promises';
import type { z } from 'zod';
import { formatPath } from '../../model/parse/index.js';
import { DatasetError } from './dataset-error.js';
import { jsonProblem } from '../../core/json/index.js';
import { isSystemError, systemReason } from '../../core/index.js';

/** Reads and checks one JSON file of the dataset; errors name the file and the field. */
export async function readJsonFile<S extends z.ZodType>(path: string, schema: S): Promise<z.infer<S>> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    throw new DatasetError(path, '$', err.code === 'ENOENT' ? 'file not found' : isSystemError(err) ? `cannot read it: ${systemReason(err)} (${err.code})` : err.message);
  }
  return checkJson(path, text, schema);
}

export function checkJson<S extends z.ZodType>(path: string, text: string, schema: S): z.infer<S> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new DatasetError(path, '$', jsonProblem(text, e));
  }
  const r = schema.safeParse(data);
  if (!r.success) {
    const issue = r.error.issues[0]!;
    throw new DatasetError(path, formatPath(issue.path), issue.message);
  }
  return r.data;
}
