import type { Manifest } from '../runner/manifest/index.js';
import type { Checkpoint } from './_read-manifest.js';

/**
 * Why a month is not complete, in one sentence, or null when its run finished every organization.
 * A verified folder of an interrupted run has no difference (it is as far as the run got), so this
 * is said apart from the differences: a script that archives on `svc verify`'s exit 0 must not
 * archive half a month.
 */
export function incompleteOf(run: { manifest: Manifest } | { checkpoint: Checkpoint }): string | null {
  if ('checkpoint' in run) {
    const n = run.checkpoint.files;
    return `the manifest is a checkpoint (in_progress) of a run that has not finished: stopped outright (killed, a crash) or still going; it lists ${n} file${n === 1 ? '' : 's'} so far`;
  }
  const m = run.manifest;
  const unfinished = m.organizations.filter((o) => o.status === 'interrupted' || o.status === 'not_run').length;
  const of = `${unfinished} of ${m.organizations.length} organizations not finished`;
  if (m.interrupted) return `the run was interrupted (Ctrl-C, SIGTERM or its deadline)${unfinished ? ` with ${of}` : ''}`;
  return unfinished ? `the run left ${of}` : null;
}
