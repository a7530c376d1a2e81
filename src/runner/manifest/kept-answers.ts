/**
 * The API answers a run keeps beside its documents (`<org>/answers/`, and `partner-answers/` for
 * the partner workbook): every answer a unit's clients received, in the order they came, each
 * body in a file of its own (named by its sha256; gzip-compressed past KEPT_RAW_LIMIT bytes; or
 * the document that already holds the same bytes, such as `invoice-<number>.json`; or, a small
 * body that is UTF-8 text, in the index itself as `text`), listed in `index.json` and in the
 * manifest with its sha256. The service's own PDF of an invoice
 * (`--with-service-pdf`) is kept as its document alone (`.service.pdf`, an answer as sent) and
 * not listed in the index. Never a request header (the token), never a body that contains the
 * unit's token. `svc verify` re-derives the documents from them.
 */
export const KEPT_ANSWERS_VERSION = 2;

/**
 * A body of at most this many bytes that is UTF-8 text (the invoice list, the plan cost, an error)
 * is kept in the index as `text` (since kept_answers_version 2, svc 0.3.1) rather than in a file
 * of its own: each file is a create, a write, an fsync, a rename and a manifest entry, two more
 * an organization for a kilobyte each (bench/README.md, issue 42).
 */
export const KEPT_INLINE_LIMIT = 4 * 1024;

/** Bodies up to this many bytes are kept as they came; larger ones gzip-compressed. */
export const KEPT_RAW_LIMIT = 8 * 1024;

/** zlib's level for the compressed bodies: the answer is the same whatever the level; see _answer-recorder.ts. */
export const KEPT_GZIP_LEVEL = 3;

/**
 * The response headers kept: what the client reads besides the body. `date` only beside
 * `retry-after` (which it dates), `content-length` only on an answer the client cut short (where
 * it may be what the client refused; otherwise it is `bytes`).
 */
export const KEPT_HEADERS: readonly string[] = ['content-type', 'retry-after'];

/** The folder of the partner workbook's answers, in the month folder (an organization's folder never takes this name). */
export const PARTNER_ANSWERS_DIR = 'partner-answers';

/** One answer as the client received it. */
export interface KeptAnswer {
  method: string;
  /** The request's path and query as sent (no host: the manifest's `base_url` is the host). */
  path: string;
  /** The HTTP status; absent when no answer came (`failed`). */
  status?: number;
  /** The headers of KEPT_HEADERS the answer had. */
  headers?: Record<string, string>;
  /** The body's file, relative to the month folder; absent with `failed` or `withheld`, an empty body, or `text`. */
  body?: string;
  /** The body itself, a small one that is UTF-8 text (KEPT_INLINE_LIMIT): its bytes are this text's UTF-8. */
  text?: string;
  /** `gzip` when the body's file is compressed. */
  encoding?: 'gzip';
  /** The body's size and sha256 as received (before compression). */
  bytes?: number;
  sha256?: string;
  /** The client stopped reading the body part-way (its size cap or deadline): what arrived is kept. */
  cut?: true;
  /** No answer came: the connection's error code or message. */
  failed?: string;
  /** The body is not kept, and why (it contained the unit's token). */
  withheld?: string;
}

/** `index.json` of a unit's kept answers. */
export interface KeptAnswersIndex {
  /** 2 as svc writes it; 1 (no `text`) in folders of svc 0.3.0 and before. */
  kept_answers_version: typeof KEPT_ANSWERS_VERSION | 1;
  unit: 'organization' | 'partner';
  /** The organization; null for the partner workbook. */
  org_id: string | null;
  /** The name (never the value) of the token variable the unit's config named: messages name it. */
  token_env: string;
  /** The language the unit's config gave, null when none (the documents' languages then come from the records). */
  language: string | null;
  answers: KeptAnswer[];
}

/** Where a unit keeps its answers: `<folder>/answers` for an organization, PARTNER_ANSWERS_DIR for the partner. */
export function answersDir(unit: { kind: 'organization'; folder: string } | { kind: 'partner' }): string {
  return unit.kind === 'organization' ? `${unit.folder}/answers` : PARTNER_ANSWERS_DIR;
}

/** Whether a file of the run is one of the kept answers (a body or an index), not a document made from them. */
export function isKeptAnswer(file: { kind: string }): boolean {
  return file.kind === 'api_answer' || file.kind === 'api_answers';
}

/** The earlier manifest's entries that belong to the partner unit: its workbook and its kept answers. */
export function isPartnerFile(file: { kind: string; path: string }): boolean {
  return file.kind === 'partner_workbook' || file.path.startsWith(`${PARTNER_ANSWERS_DIR}/`);
}
