import { Decimal } from '../../money/exact/index.js';
import { z } from 'zod';

/**
 * The amount "0", by far the most frequent one (each day of a year without usage, a hosted model's
 * spend): one Decimal for all of them rather than one each. A Decimal is immutable (decimal.js
 * never changes an instance; every operation returns a new one), so sharing it changes nothing.
 */
const ZERO = new Decimal('0');

/**
 * A decimal string as the API sends amounts (`"12.5"`, `"-25.7"`); parsed exactly into a Decimal,
 * never a float. At most 15 digits before the point: an amount beyond that is no real spend, and
 * it could not be a workbook's number (a spreadsheet keeps 15 significant digits), so a
 * 400-digit value is refused here naming its field rather than becoming Infinity in a cell.
 */
export const decimalString = z
  .string()
  .regex(/^-?0*\d{1,15}(\.\d+)?$/, 'expected a decimal string such as "12.50", at most 15 digits before the point')
  .transform((s) => (s === '0' ? ZERO : new Decimal(s)));

const INT64_BEYOND = 'an int64 beyond 2^53 − 1 (9007199254740991) cannot be read exactly here; refused rather than rounded';
/**
 * int64 as JSON carries it: an integer that must still be exact in a JS number. One past 2^53 − 1
 * has already been rounded by JSON.parse, so it is refused (naming the field) rather than used.
 */
export const int64 = z
  .int({ error: (iss) => (iss.code === 'too_big' || iss.code === 'too_small' ? INT64_BEYOND : undefined) })
  .meta({ format: 'int64' });
/**
 * A count (tokens, requests, keys): an int64 that cannot be negative. A record with a negative
 * count is no record of usage (issue 43), so it is refused here naming the field, not shown or
 * added up; money (`*_cents`, spend) may be negative (credits) and stays int64 / decimal.
 */
export const count = int64.min(0, 'a count of tokens, requests or keys cannot be negative').meta({ format: 'int64' });
/** int32 (zod checks the range; the format is stated for OpenAPI readers, as for int64). */
export const int32 = z.int32().meta({ format: 'int32' });

/**
 * `z.object(shape)` typed by the shape itself (not zod's mapped copy of it), so the doc comment
 * of each field reaches the built .d.ts and an editor shows it on hover; for an object inside a
 * record (the records' own schemas write the same type out).
 */
export function objectOf<S extends z.core.$ZodLooseShape>(shape: S): z.ZodObject<S, z.core.$strip> {
  return z.object(shape);
}

/** `YYYY-MM-DD`, a UTC calendar day. */
export const isoDate = z.iso.date();
/** ISO 8601 date-time with a zone. */
export const isoDateTime = z.iso.datetime({ offset: true });
/** uuid in its textual 8-4-4-4-12 form (any version). */
export const uuid = z.guid();
/**
 * An e-mail address as the service may send one (spec §2, "e-mail format"): a local part and a
 * domain around one @, without spaces, quotes or control characters. zod's default pattern
 * refused valid addresses (`a!b@x.dk`, `jonas@kø.dk`, `a@[127.0.0.1]`), and one refused address
 * failed its whole record; svc prints and writes addresses, it does not deliver mail to them.
 */
export const email = z.email({ pattern: /^[^\s@"\p{Cc}]{1,64}@[^\s@"\p{Cc}]{1,255}$/u });

export const CurrencySchema = z.enum(['DKK', 'EUR', 'USD']);
export type Currency = z.infer<typeof CurrencySchema>;
