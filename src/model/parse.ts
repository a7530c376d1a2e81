import type { z } from 'zod';
import { SchemaError } from './schema-error.js';

/** `lines[3].quantity` from zod's `['lines', 3, 'quantity']`. */
export function formatPath(path: ReadonlyArray<PropertyKey>): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out || '$';
}

function describe(issue: z.core.$ZodIssue, input: unknown): string {
  if (issue.code === 'invalid_type') {
    const value = issue.path.reduce<unknown>(
      (v, k) => (v && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[k] : undefined),
      input,
    );
    return value === undefined ? `missing (expected ${issue.expected})` : issue.message;
  }
  return issue.message;
}

/** Records this package's parseRecord returned, with the schema that made them. */
const parsed = new WeakMap<object, z.ZodType>();

/**
 * Whether `value` is a record parseRecord made with `schema` (an object it returned), so an
 * entry point that takes either the API's JSON or a parsed record need not check it again.
 */
export function wasParsedWith(value: unknown, schema: z.ZodType): boolean {
  return typeof value === 'object' && value !== null && parsed.get(value) === schema;
}

/**
 * Checks `data` against `schema` and returns the parsed record (decimal strings as Decimal).
 * @throws SchemaError naming the path of the first bad field.
 */
export function parseRecord<S extends z.ZodType>(schema: S, data: unknown, what: string): z.infer<S> {
  const result = schema.safeParse(data);
  if (result.success) {
    if (typeof result.data === 'object' && result.data !== null) parsed.set(result.data, schema);
    return result.data;
  }
  const issues = result.error.issues.map((i) => ({ path: formatPath(i.path), reason: describe(i, data) }));
  const first = issues[0] ?? { path: '$', reason: 'invalid' };
  throw new SchemaError(what, first.path, first.reason, issues.slice(1));
}

/** Parses JSON text and checks it; `not JSON` is reported as a SchemaError at `$`. */
export function parseJsonRecord<S extends z.ZodType>(schema: S, text: string, what: string): z.infer<S> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new SchemaError(what, '$', `not valid JSON (${(e as Error).message})`);
  }
  return parseRecord(schema, data, what);
}
