import { isUtf8 } from 'node:buffer';
import { VERSION } from '../../version.js';
import type { AnswerRecorder, RecordedAnswer } from './_answer-recorder.js';
import type { OutputWriter } from '../manifest/_output-writer.js';
import { sha256 } from '../manifest/hash.js';
import { KEPT_ANSWERS_VERSION, KEPT_INLINE_LIMIT, isKeptAnswer, type KeptAnswer, type KeptAnswersIndex } from '../manifest/kept-answers.js';
import type { ManifestFile } from '../manifest/manifest.js';
import { keepEarlierIndex } from './_earlier-index.js';

/** The file extension of a body by its content type. */
function extensionOf(answer: RecordedAnswer): string {
  const type = answer.headers?.['content-type'] ?? '';
  if (/json/i.test(type)) return '.json';
  if (/pdf/i.test(type)) return '.pdf';
  if (/^text\//i.test(type)) return '.txt';
  return '.bin';
}

/** The index as JSON a person reads: its fields a line each, each answer on one line. */
function indexText(index: KeptAnswersIndex): string {
  const { answers, ...head } = index;
  const fields = Object.entries(head).map(([k, v]) => `  ${JSON.stringify(k)}: ${JSON.stringify(v)},`);
  return `{\n${fields.join('\n')}\n  "answers": [${answers.map((a) => `\n    ${JSON.stringify(a)}`).join(',')}\n  ]\n}\n`;
}

export interface KeepAnswersInput {
  writer: OutputWriter;
  recorder: AnswerRecorder;
  /** The unit's answers folder (kept-answers.ts answersDir). */
  dir: string;
  index: Omit<KeptAnswersIndex, 'kept_answers_version' | 'answers'>;
  /**
   * The previous manifest's entries of the unit: with `complete`, its kept answers this run's
   * index no longer names are removed.
   */
  previous: readonly ManifestFile[];
  /** Every part of the unit was made this run: nothing of an earlier run of it stays, nor the answers it was made from. */
  complete: boolean;
}

/**
 * Writes a unit's answers beside the documents made from them (after those documents, so a body
 * that a document already holds byte for byte, as `invoice-<number>.json` holds the invoice, is
 * referenced rather than kept twice; a small body that is UTF-8 text goes in the index itself),
 * then `index.json` listing every answer in order. When the
 * unit made every part, answers an earlier run of the month kept that this run's index does not
 * name are removed; otherwise they stay (listed as kept, beside what was made from them).
 */
export async function keepAnswers(input: KeepAnswersInput): Promise<void> {
  const { writer, dir } = input;
  const documents = new Map(writer.files.map((f) => [`${f.sha256}:${f.size}`, f]));
  const kept = new Map<string, { path: string; gzip: boolean }>();
  const answers: KeptAnswer[] = [];
  const recorded = await input.recorder.answers();
  // Deps of an embedder whose clients ignore the tap: nothing came through it, nothing to keep.
  if (!recorded.length) return;
  for (const a of recorded) {
    const entry: KeptAnswer = { method: a.method, path: a.path, ...(a.status !== undefined ? { status: a.status } : {}), ...(a.headers ? { headers: a.headers } : {}) };
    answers.push(entry);
    if (a.failed !== undefined || a.withheld !== undefined) {
      Object.assign(entry, a.failed !== undefined ? { failed: a.failed } : { withheld: a.withheld });
      continue;
    }
    Object.assign(entry, { bytes: a.bytes, sha256: a.sha256, ...(a.cut ? { cut: true } : {}) });
    if (a.bytes === 0) continue;
    const key = `${a.sha256}:${a.bytes}`;
    const document = documents.get(key);
    if (document?.kind === 'service_pdf') {
      // The service's PDF as sent is its own kept answer, listed in no index: a rerun that finds it
      // current asks nothing for it, and the index stays the same.
      answers.pop();
      continue;
    }
    if (document !== undefined) {
      entry.body = document.path;
      continue;
    }
    // Valid UTF-8 (as client/_json-whole.ts checks it) decodes to a text whose UTF-8 is these bytes again, a BOM included.
    const text = a.raw && a.raw.length <= KEPT_INLINE_LIMIT && isUtf8(a.raw) ? a.raw.toString('utf8') : undefined;
    if (text !== undefined) {
      entry.text = text;
      continue;
    }
    let file = kept.get(key);
    if (!file) {
      file = { path: `${dir}/${a.sha256.slice(0, 16)}${extensionOf(a)}${a.gzip ? '.gz' : ''}`, gzip: !!a.gzip };
      const bytes = a.gzip ?? a.raw!;
      await writer.emit({
        path: file.path, org_id: input.index.org_id, kind: 'api_answer', source_sha256: a.sha256, source: `${a.method} ${a.path} (${a.status ?? 'no answer'})`,
        generator: file.gzip ? 'api, gzip' : 'api', produce: async () => bytes,
      });
      kept.set(key, file);
    }
    entry.body = file.path;
    if (file.gzip) entry.encoding = 'gzip';
  }
  const index: KeptAnswersIndex = { kept_answers_version: KEPT_ANSWERS_VERSION, ...input.index, answers };
  const text = indexText(index);
  const indexPath = `${dir}/index.json`;
  // A workbook this run keeps keeps the answers it was made from (the earlier index, beside this one).
  if (!input.complete) await keepEarlierIndex(writer, { dir, org_id: input.index.org_id, previous: input.previous, text });
  await writer.emit({
    path: indexPath, org_id: input.index.org_id, kind: 'api_answers', source_sha256: sha256(text), source: `the API answers of ${input.index.org_id ?? 'the partner workbook'}`,
    generator: `svc ${VERSION} kept answers`, produce: async () => new TextEncoder().encode(text),
  });
  if (!input.complete) return;
  const now = new Set([...[...kept.values()].map((f) => f.path), indexPath]);
  for (const prev of input.previous) {
    if (prev.path.startsWith(`${dir}/`) && isKeptAnswer(prev) && !now.has(prev.path)) await writer.retire(prev.path);
  }
}
