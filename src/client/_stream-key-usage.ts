import { KeyUsageEntrySchema, OrgKeyUsageSchema, type KeyUsageEntry } from '../model/index.js';
import { parseEntry, parseRecord } from '../model/parse/index.js';
import { SchemaError } from '../model/parse/index.js';
import type { CallOptions } from './api.js';
import type { HttpPipeline } from './http-pipeline.js';
import { ApiError } from './errors/common/api-error.js';
import { ConnectionError } from './errors/connection-error.js';
import { checkOrgId } from './_org-id.js';
import { ResponseSchemaError } from './errors/response-schema-error.js';
import { JsonScanError, MemberScanner } from './_json-members.js';
import { WHOLE_BYTES, wholeObject } from './_json-whole.js';
import type { KeyUsageHead } from './merge-key-usage.js';
import { replacedAt } from './_utf8.js';
import { mayHideToken } from './_credential-scan.js';

/** The members of OrgKeyUsage beside `keys`: the only ones kept (anything else is skipped unparsed). */
const HEAD_MEMBERS: ReadonlySet<string> = new Set(['org_id', 'start_date', 'end_date', 'key_fields', 'totals']);
/** The members the scanner would see each time one is repeated (the org check, the keys twice), which JSON.parse would not. */
const ONCE = /"(?:org_id|keys)"/g;

/** Whether a key's JSON text may say the token its bytes do not: an escape, or a character past ASCII (an invisible one between its pieces). */
const mayHideTokenText = (text: string) => text.includes('\\') || /[\u007f-\uffff]/.test(text);

/** A JSON.parse or scanner failure: the response is not (complete) JSON. */
const isJsonError = (e: unknown) => e instanceof SyntaxError || e instanceof JsonScanError;

/**
 * The answer to one key-usage request (`path` and `query` as sent), read as a stream: each key entry is
 * cut out of the response bytes as they arrive (`MemberScanner`), parsed with the native
 * `JSON.parse`, checked against the spec's schema and handed to `onKey`, then dropped, so a
 * response with 100,000 keys is never held whole (neither its text nor its parsed record). An
 * answer of at most WHOLE_BYTES (a few hundred keys) is held until it ends and parsed in one go
 * where that cannot differ (wholeObject): one native parse costs less than the byte scan.
 * Returns the rest of the record, checked too, with `keys` empty; an answer for another
 * organization than `orgId` is refused as soon as its `org_id` arrives.
 * `ReportingClient.streamKeyUsage` uses it for each request of a period.
 * @throws ResponseSchemaError naming the first bad field (e.g. `keys[12].spend_usd`).
 */
export async function readKeyUsageStream(
  http: HttpPipeline,
  path: string,
  orgId: string,
  query: Record<string, string | number>,
  onKey: (key: KeyUsageEntry, index: number) => void,
  opts?: CallOptions,
): Promise<KeyUsageHead> {
  const endpoint = http.endpointOf({ path });
  const body = await http.request({
    path,
    query,
    what: 'key usage',
    responseType: 'stream',
    bodyKind: 'keyUsage',
    accept: 'application/json',
    forbidden: 'usage is not shared with this organization, or the token belongs to another organization',
    ...opts,
  });
  const bad = (p: string, reason: string) => new ResponseSchemaError(endpoint, p, reason, 200);
  const replaced: string[] = [];
  // The record's other members (small next to the keys), parsed as they come.
  const root: Record<string, unknown> = {};
  // Which key a failure belongs to; -1 while the scanner is outside the keys.
  let current = -1;
  let sawArray = false;
  /** One key, `value` as parsed from `text` (undefined: from a body without backslashes or invalid bytes). */
  const element = (value: unknown, index: number, text?: string) => {
    current = index;
    // The pipeline found no token in the bytes; one written with JSON escapes shows once parsed.
    if (text !== undefined) http.refuseEscapedCredential({ path }, mayHideTokenText(text), value, 200);
    let key: KeyUsageEntry;
    try {
      key = parseEntry(KeyUsageEntrySchema, value, 'key usage');
    } catch (e) {
      if (e instanceof SchemaError) throw bad(e.path === '$' ? `keys[${index}]` : `keys[${index}].${e.path}`, e.reason);
      throw e;
    }
    // Where a body's invalid bytes ended up, for the warning (the keys are not kept).
    if (text !== undefined && replaced.length < 3 && text.includes('\ufffd')) replaced.push(...replacedAt(value, ['keys', index]));
    // onKey's own errors (and ours above) pass through `write` as they are.
    onKey(key, index);
    current = -1;
  };
  /** A member beside the keys' array, parsed (`text` as for `element`). */
  const member = (name: string, value: unknown, text?: string) => {
    root[name] = value;
    if (text !== undefined) http.refuseEscapedCredential({ path }, mayHideTokenText(text), value, 200);
    // Another organization's answer is refused as soon as it says so, before its keys are read.
    if (name === 'org_id' && typeof root.org_id === 'string') checkOrgId(endpoint, root.org_id, orgId);
  };
  const scanner = new MemberScanner('keys', {
    onElement(text, index) {
      current = index;
      element(JSON.parse(text), index, text);
    },
    onMember(name, text) {
      if (HEAD_MEMBERS.has(name) || name === 'keys') member(name, JSON.parse(text), text);
    },
  });
  let failure: Error | undefined;
  // The scanner decodes each key's bytes on its own (invalid ones become U+FFFD); this decoder
  // only says whether the whole body was valid UTF-8, so the replacement is told, not silent.
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  let invalid = false;
  const checkUtf8 = (chunk?: Buffer) => {
    if (invalid) return;
    try {
      if (chunk) utf8.decode(chunk, { stream: true });
      else utf8.decode();
    } catch {
      invalid = true;
    }
  };
  // Errors of the scan, the checks and onKey are told apart from the body's own (the connection).
  const scan = (step: () => void) => {
    try {
      step();
    } catch (e) {
      failure = isJsonError(e) ? bad(current >= 0 ? `keys[${current}]` : '$', `not valid JSON (${(e as Error).message})`) : (e as Error);
    }
  };
  const scanned = (chunk: Buffer) => {
    checkUtf8(chunk);
    scan(() => scanner.write(chunk));
  };
  // An answer of at most WHOLE_BYTES is held until it ends and then parsed in one go (wholeMembers);
  // a larger one is scanned as it streams. Either way each key is checked and handed on in order,
  // and a failure is what the scan of the same bytes would have met first.
  let held: Buffer[] | undefined = [];
  let heldBytes = 0;
  const scanHeld = () => {
    for (const chunk of held ?? []) {
      if (!failure) scanned(chunk);
    }
    held = undefined;
  };
  try {
    for await (const chunk of body) {
      if (held && heldBytes + (chunk as Buffer).length <= WHOLE_BYTES) {
        held.push(chunk as Buffer);
        heldBytes += (chunk as Buffer).length;
        continue;
      }
      scanHeld();
      if (!failure) scanned(chunk as Buffer);
      if (failure) break;
    }
    const heldBody = held && (held.length === 1 ? held[0]! : Buffer.concat(held, heldBytes));
    const whole = heldBody && wholeObject(heldBody, ONCE);
    if (whole) {
      held = undefined;
      scan(() => {
        // No backslash (wholeObject's condition), but its strings may cut the token with invisible characters.
        http.refuseEscapedCredential({ path }, mayHideToken(heldBody), whole, 200);
        // In the text's order (for…in puts integer-like names first; no member read here has one).
        for (const name in whole) {
          const value = whole[name];
          if (name === 'keys' && Array.isArray(value)) {
            sawArray = true;
            for (let i = 0; i < value.length; i++) element(value[i], i);
          } else if (HEAD_MEMBERS.has(name) || name === 'keys') member(name, value);
        }
      });
    } else {
      scanHeld();
      checkUtf8();
      if (!failure) scan(() => scanner.end());
      sawArray = scanner.sawArray;
    }
  } catch (e) {
    // Bytes held when the body failed are scanned first, as they would have been as they came.
    scanHeld();
    // The pipeline's deadline and size cap end the body with their own errors.
    const code = (e as { code?: unknown }).code;
    failure ??= e instanceof ApiError ? e : new ConnectionError(endpoint, http.baseUrl.origin, typeof code === 'string' ? code : undefined, { afterAnswer: true });
  }
  if (failure) {
    body.destroy();
    throw failure;
  }
  // `keys` given but not as an array: the schema check below names what it is.
  if (!sawArray && !('keys' in root)) throw bad('keys', 'missing (expected array)');
  try {
    // The keys were checked one by one above; the rest is checked with an empty key list.
    const head = parseRecord(OrgKeyUsageSchema, { ...root, keys: sawArray ? [] : root.keys }, 'key usage');
    checkOrgId(endpoint, head.org_id, orgId);
    if (invalid) http.warnInvalidUtf8(endpoint, [...replaced, ...replacedAt(head)].slice(0, 3));
    return { ...head, keys: [] };
  } catch (e) {
    if (e instanceof SchemaError) throw bad(e.path, e.reason);
    throw e;
  }
}
