import type { z } from 'zod';
import { Decimal } from '../../money/exact/index.js';
import { SchemaError } from './schema-error.js';
import { InvalidArgumentError } from '../../core/index.js';
import { MAX_DEPTH, tooDeepAt } from './_depth.js';
import { jsonProblem, visibleWithin } from '../../core/json/index.js';
import { compiledParse } from './compiled-record.js';

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

const isTooDeep = (value: object, max: number): boolean => tooDeepAt(value, max) !== undefined;

/**
 * The record fields whose lines are their parts: the seller's `address` ("lines separated by
 * commas or line breaks"). Their line breaks become ", " (visibleLines), not a space, so the
 * e-invoice can still split the address into street, postal code and city, and country.
 */
const LINE_KEYS: ReadonlySet<string> = new Set(['address']);

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
 * This is where text from the API and from files enters the records, so every string is made
 * visibleText here, once (invisible characters removed, line breaks a space, lone surrogates
 * U+FFFD; in a field of LINE_KEYS a line break is a comma): every writer and every command then shows the same text, and checks (a required
 * field, an id's shape) see what will be shown.
 * @throws SchemaError naming the path of the first bad field; InvalidArgumentError when `schema` is not a schema.
 */
export function parseRecord<S extends z.ZodType>(schema: S, data: unknown, what: string): z.infer<S> {
  const record = checkedRecord(schema, data, what);
  if (typeof record === 'object' && record !== null) parsed.set(record, schema);
  return record;
}

/**
 * parseRecord without noting the record for wasParsedWith: for records that are handed on and
 * dropped, never given back to an entry point (each key of a streamed key-usage answer), so the
 * WeakMap does not take an entry, and the collector an ephemeron, for each of them.
 */
export function parseEntry<S extends z.ZodType>(schema: S, data: unknown, what: string): z.infer<S> {
  return checkedRecord(schema, data, what);
}

function checkedRecord<S extends z.ZodType>(schema: S, data: unknown, what: string): z.infer<S> {
  if (typeof (schema as { safeParse?: unknown } | null)?.safeParse !== 'function') throw new InvalidArgumentError('schema', 'must be one of the package\'s record schemas (InvoiceSchema, …)');
  // One walk makes the text visible and checks the depth; only a refusal walks again, for the path to name.
  const visible = visibleWithin(data, MAX_DEPTH, isTooDeep, LINE_KEYS);
  if (!visible) {
    const deep = tooDeepAt(data) ?? [];
    throw new SchemaError(what, formatPath(deep.slice(0, 3)) + (deep.length > 3 ? '…' : ''), `nested more than ${MAX_DEPTH} levels deep; no record of the API is`);
  }
  // The large records (key usage, monthly usage) by their compiled check; zod for the rest and to name a refusal.
  const result = compiledParse(schema, visible.value) ?? schema.safeParse(visible.value);
  if (result.success) return result.data;
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
    throw new SchemaError(what, '$', jsonProblem(text, e));
  }
  return parseRecord(schema, data, what);
}

/** `value` with every Decimal in it written as decimal text (copied only where one is found). */
function withDecimalText(value: unknown): unknown {
  // toFixed never writes an exponent, so the decimal text round-trips exactly.
  if (Decimal.isDecimal(value)) return value.toFixed();
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    value.forEach((v, i) => {
      const t = withDecimalText(v);
      if (t !== v) (out ??= value.slice())[i] = t;
    });
    return out ?? value;
  }
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    let out: Record<string, unknown> | undefined;
    for (const [k, v] of Object.entries(value)) {
      const t = withDecimalText(v);
      if (t !== v) (out ??= { ...value })[k] = t;
    }
    return out ?? value;
  }
  return value;
}

/**
 * The record a library entry point works on, from what a caller passes: the API's JSON
 * (`JSON.parse(body)`, decimal fields as strings) or a record already parsed with `schema`
 * (decimal fields as Decimal). A record parseRecord made with this schema (the clients' answers)
 * is used as it is; anything else is checked, so a bad value is one SchemaError naming the field,
 * never a TypeError deep inside a renderer or workbook builder.
 * @throws SchemaError
 */
export function recordOf<S extends z.ZodType>(schema: S, input: unknown, what: string): z.infer<S> {
  if (wasParsedWith(input, schema)) return input as z.infer<S>;
  return parseRecord(schema, withDecimalText(input), what);
}
