import { VERSION } from '../../version.js';
import type { OutputWriter } from '../manifest/_output-writer.js';
import { sha256, sha256OfAnswers } from '../manifest/hash.js';
import type { KeptAnswersIndex } from '../manifest/kept-answers.js';
import type { ManifestFile } from '../manifest/manifest.js';

/**
 * Keeps the evidence of a cost workbook a rerun keeps. A rerun that does not make the workbook
 * again (a 503 on monthly-usage, an earlier invoice not read again) keeps the earlier one, but
 * writes this run's `index.json` over the earlier run's, and the answers the kept workbook was
 * made from were no longer named anywhere. So before that, the earlier index is copied beside it
 * as `index-<first 16 hex of its sha256>.json` (kind `api_answers`), when it is on disk as listed
 * and it is the one the kept workbook was made from (its answers give the workbook's
 * source_sha256: sha256OfAnswers). The bodies it names are the earlier run's kept answers, which
 * an incomplete unit never removes. A later run that makes the workbook again removes the copy
 * with the other answers its index no longer names.
 */
export async function keepEarlierIndex(writer: OutputWriter, input: { dir: string; org_id: string | null; previous: readonly ManifestFile[]; text: string }): Promise<void> {
  const indexPath = `${input.dir}/index.json`;
  const made = new Set(writer.files.map((f) => f.path));
  const workbook = input.previous.find((f) => f.kind === 'cost_workbook' && !made.has(f.path));
  if (!workbook) return;
  const bytes = await writer.previousBytes(indexPath);
  // Not on disk as listed (then it is no evidence), or this run's index is the same bytes.
  if (!bytes || bytes.toString('utf8') === input.text) return;
  let answers: KeptAnswersIndex['answers'];
  try {
    answers = (JSON.parse(bytes.toString('utf8')) as KeptAnswersIndex).answers;
  } catch {
    return;
  }
  if (!Array.isArray(answers) || sha256OfAnswers(answers) !== workbook.source_sha256) return;
  const hash = sha256(bytes);
  await writer.emit({
    path: `${input.dir}/index-${hash.slice(0, 16)}.json`, org_id: input.org_id, kind: 'api_answers', source_sha256: hash,
    source: `the API answers ${workbook.path} was made from, kept by an earlier run as ${indexPath}`,
    generator: `svc ${VERSION} kept answers`, produce: async () => bytes,
  });
}
