import { dirname, resolve } from 'node:path';
import type { Command } from '../_program/command.js';
import { InvalidArgumentError } from '../../core/index.js';
import { setRunV8Flags } from '../_program/run-v8-flags.js';
import { bool } from '../_program/args.js';
import { UsageError } from '../_program/usage-error.js';
import { jsonText } from '../_output/json-text.js';
import { escapeControls } from '../../core/index.js';
import type { VerifyReport } from '../../verify/index.js';

/**
 * The closing line: whether the month is complete, the count, then what was checked, and only
 * that (a checkpoint, or a manifest that cannot be read, is checked against nothing).
 */
function countLine(r: VerifyReport): string {
  const n = r.differences.length;
  const c = r.checked;
  const count = n === 0 ? 'no differences' : `${n} difference${n === 1 ? '' : 's'}`;
  if (c.files === 0 && !c.pages) {
    return `${r.month ?? r.folder}: ${r.incomplete ? `not complete${n ? `; ${count}` : ''} (nothing checked until the run has finished)` : `${count} (nothing checked)`}\n`;
  }
  const head = `${r.month ?? r.folder}: ${r.incomplete ? 'not complete; ' : ''}${count}`;
  return `${head} (${c.files} files checked against the manifest; ` +
    `${c.documents} documents of ${c.units} organizations and workbooks made again from the kept answers; ${c.invoices} invoices checked; ` +
    `summary.md and index.html ${c.pages ? 'footed' : 'not made again'}; ${c.months} earlier month${c.months === 1 ? '' : 's'} in the chain)\n`;
}

/**
 * The one line a month not complete gets on stderr: why, and the command that finishes it (the
 * run resumes where it stopped). The config is not in the manifest, so it is named, not guessed.
 */
function incompleteLine(r: VerifyReport, incomplete: string): string {
  const month = r.month ?? 'YYYY-MM';
  return `svc: ${r.month ?? r.folder} is not complete: ${escapeControls(incomplete)}; run the month end again to finish it ` +
    `(svc month-end --config <its runs.json> --out ${escapeControls(dirname(r.folder))} --month ${month} resumes where it stopped), then verify it again\n`;
}

export const verifyCommand: Command = {
  name: 'verify',
  summary: 'Check a month-end run\'s folder offline: files against the manifest, every document made again from the kept API answers, the months\' chain',
  about:
    'Prints one line per difference (the file, then what differs), notes on what was not re-derived, and a count; exit code 1 on any difference, 0 on none. ' +
    'A month the run did not finish (interrupted, killed, organizations not run) is not complete: one line on stderr says so and how to finish it, exit 1. ' +
    'Needs no server and no network, and the svc version that made the run. Format and what each check means: src/runner/README.md, "Verifying a run".',
  usage: 'verify DIR/<month> [--json]',
  examples: ['svc verify ./month-end/2026-10', 'svc verify ./month-end/2026-10 --json'],
  options: {
    json: { type: 'boolean', description: 'print the report as JSON (differences, notes, counts) on stdout' },
  },
  positionals: { min: 1, max: 1, names: 'DIR/<month>' },
  async run(io, args) {
    // It makes a run's documents again: the same compact heap as the run.
    setRunV8Flags(io, 'month-end');
    // The document builders load only for a verification, as for a run.
    const { verifyRun } = await import('../../verify/index.js');
    const dir = args.positionals[0]!;
    const path = resolve(io.cwd, dir);
    const report = await verifyRun(path).catch((e: unknown) => {
      throw e instanceof InvalidArgumentError ? new UsageError(e.message.replace(path, dir)) : e;
    });
    report.folder = dir;
    const ok = report.differences.length === 0 && report.incomplete === null;
    if (bool(args, 'json')) io.stdout.write(jsonText({ ok, ...report }));
    else {
      let out = '';
      for (const d of report.differences) out += `${escapeControls(`${d.file}: ${d.what}`)}\n`;
      for (const n of report.notes) out += `note: ${escapeControls(n)}\n`;
      io.stdout.write(out + countLine(report));
    }
    // Exit 1 as any failed command, whose one stderr line says what to do: a script that archives on 0 never archives half a month.
    if (report.incomplete) io.stderr.write(incompleteLine(report, report.incomplete));
    return ok ? 0 : 1;
  },
};
