import { z } from 'zod';
import { Decimal } from '../../money/exact/index.js';

/*
 * Why: LiteLLM, whose shapes the gateway's `/key/info`, `/v1/model/info` and
 * `/user/daily/activity` follow (README Assumptions), sends money and prices as JSON floats
 * (`"spend": 0.0123`, `"input_cost_per_token": 1.1e-06`), and some proxies as exponent strings
 * (`"3e-06"`). svc's own reference server sends decimal strings. All three are read here into an
 * exact Decimal without float arithmetic: a JSON number through its shortest round-trip text
 * (`String(n)`, the digits JSON.parse was given back for any float written by Python or JS), a
 * string as written. The rest of svc then adds Decimals only.
 */

/** A plain decimal or one with an exponent of at most three digits (`0.0123`, `1.1e-06`, `3E-6`). */
const AMOUNT = /^-?\d+(\.\d+)?([eE][+-]?\d{1,3})?$/;
/** As the decimal strings of the reporting API: no real spend or price has 16 digits before the point. */
const LIMIT = new Decimal('1e15');
/**
 * At most this many digits after the point once the exponent is applied: enough for any float's
 * shortest text of a real price per token (1.1e-06 has 7), and a bound on what a short text such
 * as "1e-999" would expand to.
 */
const MAX_PLACES = 40;

function amount(signed: boolean) {
  return z.union([z.number(), z.string()], { error: 'expected a decimal amount: a JSON number or a decimal string such as "12.50" or "3e-06"' }).transform((v, ctx) => {
    const text = typeof v === 'number' ? String(v) : v;
    const fail = (message: string) => {
      ctx.issues.push({ code: 'custom', message, input: v });
      return z.NEVER;
    };
    if (typeof v === 'number' && !Number.isFinite(v)) return fail('expected a finite amount');
    if (!AMOUNT.test(text)) return fail(`expected a decimal amount such as "12.50", 0.0123 or "3e-06" (got ${JSON.stringify(v)})`);
    const d = new Decimal(text);
    if (!signed && d.isNegative() && !d.isZero()) return fail(`cannot be negative (got ${text})`);
    if (d.abs().gte(LIMIT)) return fail(`at most 15 digits before the point (got ${text})`);
    if (d.decimalPlaces() > MAX_PLACES) return fail(`at most ${MAX_PLACES} digits after the point (got ${text})`);
    return d;
  });
}

/** Money or a price that cannot be negative (spend, a limit, a price per token): a JSON number or a decimal string, exponent allowed. */
export const litellmAmount = amount(false);
/** Money that may be negative (a credit balance, overdrawn): a JSON number or a decimal string, exponent allowed. */
export const litellmSignedAmount = amount(true);
