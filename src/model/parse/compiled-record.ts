import type { z } from 'zod';

/** What a compiled check returns for a value it does not accept (zod then says why). */
const REFUSED: unique symbol = Symbol('refused');
type Check = (value: unknown) => unknown;

/** A zod schema's internals as far as this file reads them (zod 4's `_zod.def`). */
interface Def {
  type: string;
  checks?: { _zod: { def: CheckDef } }[];
  coerce?: boolean;
  format?: string;
  pattern?: RegExp;
  shape?: Record<string, Schema>;
  catchall?: unknown;
  innerType?: Schema;
  element?: Schema;
  options?: Schema[];
  keyType?: Schema;
  valueType?: Schema;
  entries?: Record<string, unknown>;
  in?: Schema;
  out?: Schema;
  transform?: (value: unknown, payload: { value: unknown; issues: unknown[] }) => unknown;
}
interface CheckDef {
  check: string;
  format?: string;
  pattern?: RegExp;
  value?: unknown;
  inclusive?: boolean;
}
interface Schema {
  _zod: { def: Def };
}

/** Thrown while compiling a schema this file does not know whole: such a schema is left to zod. */
class Unsupported extends Error {}

const INT_RANGES: Record<string, [number, number]> = { safeint: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER], int32: [-2147483648, 2147483647] };

/** Formats whose whole check is their pattern (zod's $ZodCheckStringFormat with `def.pattern`). */
const PATTERN_FORMATS: ReadonlySet<string> = new Set(['regex', 'date', 'datetime', 'email', 'guid']);

const hasOwn = (value: object, key: string): boolean => Object.prototype.hasOwnProperty.call(value, key);

const isPlain = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype && !hasOwn(v, 'constructor');

function stringCheck(def: Def): Check {
  if (def.coerce) throw new Unsupported();
  const patterns: RegExp[] = [];
  // A string format (z.iso.date(), z.email()) is itself the check, its pattern on its own def.
  if (def.format !== undefined) {
    if (!PATTERN_FORMATS.has(def.format) || !(def.pattern instanceof RegExp)) throw new Unsupported();
    patterns.push(def.pattern);
  }
  for (const c of def.checks ?? []) {
    const cd = c._zod.def;
    if (cd.check !== 'string_format' || !PATTERN_FORMATS.has(cd.format ?? '') || !(cd.pattern instanceof RegExp)) throw new Unsupported();
    patterns.push(cd.pattern);
  }
  // Copies without state: zod resets lastIndex before each test, and these have no `g` flag anyway.
  const own = patterns.map((p) => new RegExp(p.source, p.flags.replace(/[gy]/g, '')));
  if (own.length === 0) return (v) => (typeof v === 'string' ? v : REFUSED);
  return (v) => {
    if (typeof v !== 'string') return REFUSED;
    for (const p of own) if (!p.test(v)) return REFUSED;
    return v;
  };
}

function numberCheck(def: Def): Check {
  if (def.coerce) throw new Unsupported();
  const range = def.format === undefined ? undefined : INT_RANGES[def.format];
  if (def.format !== undefined && !range) throw new Unsupported();
  let min = -Infinity;
  let minInclusive = true;
  let max = Infinity;
  let maxInclusive = true;
  for (const c of def.checks ?? []) {
    const cd = c._zod.def;
    if (typeof cd.value !== 'number') throw new Unsupported();
    if (cd.check === 'greater_than' && cd.value >= min) [min, minInclusive] = [cd.value, cd.inclusive === true];
    else if (cd.check === 'less_than' && cd.value <= max) [max, maxInclusive] = [cd.value, cd.inclusive === true];
    else throw new Unsupported();
  }
  return (v) => {
    if (typeof v !== 'number' || !Number.isFinite(v)) return REFUSED;
    if (range && (!Number.isInteger(v) || v < range[0] || v > range[1])) return REFUSED;
    if (minInclusive ? v < min : v <= min) return REFUSED;
    if (maxInclusive ? v > max : v >= max) return REFUSED;
    return v;
  };
}

function objectCheck(def: Def): Check {
  if (def.catchall !== undefined || def.checks?.length) throw new Unsupported();
  const fields = Object.entries(def.shape ?? {}).map(([key, schema]) => {
    // `key in input` is zod's test of presence: a name Object.prototype has would be present everywhere.
    if (key === '__proto__' || key in Object.prototype) throw new Unsupported();
    const optional = schema._zod.def.type === 'optional';
    return { key, optional, check: compile(optional ? schema._zod.def.innerType! : schema) };
  });
  // One function per object schema with its field names written in (`v["date"]`): each read and
  // write of a field is then a property access V8 caches at its site, and each field's check a call
  // it can inline, where a loop over the fields reads and writes by a key that changes at every
  // step. The names are the schema's own, written as JSON string literals.
  const lines = fields.map((f, i) => {
    const k = JSON.stringify(f.key);
    // Own and enumerable, as JSON.parse and the visible-text copy make every key.
    const absent = f.optional ? '' : ' else return REFUSED;';
    // An optional key present as undefined is kept by zod; JSON never sends one: left to zod.
    return `let r${i}; if (hasOwn(v, ${k})) { const x = v[${k}]; if (x === undefined) return REFUSED; r${i} = c${i}(x); if (r${i} === REFUSED || r${i} === undefined) return REFUSED; }${absent}`;
  });
  const stores = fields.map((f, i) => (f.optional ? `if (r${i} !== undefined) out[${JSON.stringify(f.key)}] = r${i};` : `out[${JSON.stringify(f.key)}] = r${i};`));
  const source = `return (v) => {\nif (!isPlain(v)) return REFUSED;\n${lines.join('\n')}\nconst out = {};\n${stores.join('\n')}\nreturn out;\n};`;
  const params = ['isPlain', 'hasOwn', 'REFUSED', ...fields.map((_, i) => `c${i}`)];
  const make = new Function(...params, source) as (...args: unknown[]) => Check;
  return make(isPlain, hasOwn, REFUSED, ...fields.map((f) => f.check));
}

function recordCheck(def: Def): Check {
  const keyDef = def.keyType!._zod.def;
  if (keyDef.type !== 'string' || keyDef.checks?.length || keyDef.format !== undefined || keyDef.coerce || def.checks?.length) throw new Unsupported();
  const value = compile(def.valueType!);
  return (v) => {
    if (!isPlain(v)) return REFUSED;
    const out: Record<string, unknown> = {};
    for (const key of Reflect.ownKeys(v)) {
      // zod skips a `__proto__` key (it would set the copy's prototype); anything unusual is left to it.
      if (typeof key !== 'string' || key === '__proto__' || !Object.prototype.propertyIsEnumerable.call(v, key)) return REFUSED;
      const r = value(v[key]);
      if (r === REFUSED || r === undefined) return REFUSED;
      out[key] = r;
    }
    return out;
  };
}

function compile(schema: Schema): Check {
  const def = schema._zod.def;
  switch (def.type) {
    case 'string':
      return stringCheck(def);
    case 'number':
      return numberCheck(def);
    case 'boolean':
      if (def.coerce || def.checks?.length) throw new Unsupported();
      return (v) => (typeof v === 'boolean' ? v : REFUSED);
    case 'object':
      return objectCheck(def);
    case 'record':
      return recordCheck(def);
    case 'array': {
      if (def.checks?.length) throw new Unsupported();
      const element = compile(def.element!);
      return (v) => {
        if (!Array.isArray(v)) return REFUSED;
        const out = new Array<unknown>(v.length);
        for (let i = 0; i < v.length; i++) {
          const r = element(v[i]);
          if (r === REFUSED || r === undefined) return REFUSED;
          out[i] = r;
        }
        return out;
      };
    }
    case 'nullable': {
      if (def.checks?.length) throw new Unsupported();
      const inner = compile(def.innerType!);
      return (v) => (v === null ? null : inner(v));
    }
    case 'enum': {
      const values = Object.values(def.entries ?? {});
      if (def.checks?.length || !values.every((e) => typeof e === 'string')) throw new Unsupported();
      const set = new Set<unknown>(values);
      return (v) => (set.has(v) ? v : REFUSED);
    }
    case 'union': {
      // Only options whose output is their input (zod's first option without issues wins, unchanged).
      const options = (def.options ?? []).map((o) => {
        if (!['string', 'boolean', 'number'].includes(o._zod.def.type)) throw new Unsupported();
        return compile(o);
      });
      if (def.checks?.length || options.length === 0) throw new Unsupported();
      return (v) => {
        for (const o of options) if (o(v) !== REFUSED) return v;
        return REFUSED;
      };
    }
    case 'pipe': {
      const outDef = def.out!._zod.def;
      if (def.checks?.length || outDef.type !== 'transform' || typeof outDef.transform !== 'function' || outDef.checks?.length) throw new Unsupported();
      const before = compile(def.in!);
      const transform = outDef.transform;
      return (v) => {
        const r = before(v);
        if (r === REFUSED) return REFUSED;
        // As zod's $ZodTransform calls it; one that adds an issue or answers a promise is left to zod.
        const payload = { value: r, issues: [] as unknown[] };
        const out = transform(r, payload);
        return payload.issues.length || out instanceof Promise ? REFUSED : out;
      };
    }
    default:
      throw new Unsupported();
  }
}

// The schemas marked with compileRecordSchema: their compiled check once made (null: left to zod).
const marked = new WeakMap<object, { check?: Check | null }>();

/**
 * Marks `schema` (a record of the API that arrives large and often: a month's key usage entries,
 * a year's monthly usage) for a check compiled from its definition on first use: plain functions
 * instead of zod's general machinery, for JSON values (what JSON.parse makes). It accepts only what
 * zod accepts, with the same output (fresh objects, keys in the schema's order, transforms such as
 * decimal strings to Decimal applied); anything it does not accept, or a schema with a part it
 * does not know (a refinement, a default, another format), goes to zod, which accepts it or names
 * the field. So zod stays what explains every refusal. test/model/compiled-record.test.ts feeds
 * both many mutated records.
 */
export function compileRecordSchema<S extends z.ZodType>(schema: S): S {
  if (!marked.has(schema)) marked.set(schema, {});
  return schema;
}

/**
 * The record `value` parses to under `schema`'s compiled check, or `undefined` when the schema
 * is not marked, not compilable, or the check does not accept the value (then zod decides).
 */
export function compiledParse<S extends z.ZodType>(schema: S, value: unknown): { success: true; data: z.infer<S> } | undefined {
  const entry = marked.get(schema);
  if (!entry) return undefined;
  if (entry.check === undefined) {
    try {
      entry.check = compile(schema);
    } catch (e) {
      if (!(e instanceof Unsupported)) throw e;
      entry.check = null;
    }
  }
  if (!entry.check) return undefined;
  const data = entry.check(value);
  return data === REFUSED ? undefined : { success: true, data: data as z.infer<S> };
}
