// One PDFBox Preflight JVM for many files, in PDFBox's own text `batch` mode, its output cut into
// what the text mode prints for each file alone. Why `batch` and not `xml group`: the group XML
// keeps a file's findings in a HashMap (hashed by code), so their order is lost, and repeated
// findings are folded into one with a count; the text batch mode runs, for each file, the very
// method (runSimple) the one-file text mode runs, so its output is the one-file outputs one after
// the other, byte for byte (compared for 25 files: valid ones, several findings, a header that does
// not parse). Each file's text starts `The file NAME is ...` and ends with an empty line.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';

export const VALIDATOR = 'org.apache.pdfbox.preflight.Validator_A1b';

/**
 * The class path the tool gives PDFBox, read from the tool's own `J=` and `CP=` lines, so the
 * batch runs the jars the tool runs. Undefined if the tool no longer says it that way (then the
 * tool runs alone, as it is).
 */
export function toolClassPath(tool: string): string | undefined {
  const text = readFileSync(tool, 'utf8');
  const j = /^J=([^\s$"'`;]+)$/m.exec(text)?.[1];
  const cp = /^CP=([^\s"'`;]+)$/m.exec(text)?.[1];
  if (!j || !cp) return undefined;
  const path = cp.replaceAll('$J', j);
  return path.includes('$') ? undefined : path;
}

/** What one file gets from the batch: PDFBox's text for it, or why there is none. */
export type BatchAnswer = { text: string } | { missing: string };

/**
 * Cuts the batch's stdout into each file's text, in the order of `files` (the order PDFBox reads
 * its list in). A file whose text is not there, or not ended by its empty line (the JVM stopped in
 * the middle), gets `missing` with `why`.
 */
export function splitBatch(stdout: string, files: string[], why: string): BatchAnswer[] {
  const lines = stdout.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const header = (f: string): [string, string] => [`The file ${basename(f)} is a valid PDF/A-1b file`, `The file ${basename(f)} is not a valid PDF/A-1b file, error(s) :`];
  const texts: string[][] = [];
  let at = -1;
  for (const line of lines) {
    if (at + 1 < files.length && header(files[at + 1]!).includes(line)) texts[++at] = [];
    if (at >= 0) texts[at]!.push(line);
  }
  return files.map((_, i) => {
    const text = texts[i];
    if (text && text.length >= 2 && text[text.length - 1] === '') return { text: `${text.join('\n')}\n` };
    return { missing: text ? `its text from PDFBox is cut short (${why})` : `PDFBox printed nothing for it (${why})` };
  });
}

/**
 * Runs `java -cp CP Validator_A1b batch LIST` once for `files` (LIST written in `dir`) and
 * answers for each file. The JVM's exit code is not a verdict (the batch exits 255 when any file
 * has a finding); its stderr's last line goes into the reason of any file left without a text.
 */
export function runBatch(java: string, classPath: string, files: string[], dir: string, env: NodeJS.ProcessEnv): Promise<BatchAnswer[]> {
  // PDFBox reads its list a line a name: a name with a line break in it cannot be listed. It
  // leaves out a name that is not there (without a word), so this list does too.
  const listed = files.filter((f) => !/[\r\n]/.test(f) && existsSync(f));
  const list = join(dir, 'list');
  writeFileSync(list, listed.map((f) => `${f}\n`).join(''));
  return new Promise((resolve) => {
    execFile(java, ['-cp', classPath, VALIDATOR, 'batch', list], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env }, (err, stdout, stderr) => {
      const code = err ? ((err as { code?: number | string }).code ?? 'no exit code') : 0;
      const last = stderr.trim().split('\n').filter((l) => !l.startsWith('Picked up JAVA_TOOL_OPTIONS')).pop() ?? '';
      const answers = splitBatch(stdout, listed, `the batch JVM exited ${code}${last ? `: ${last}` : ''}`);
      const byFile = new Map(listed.map((f, i) => [f, answers[i]!]));
      resolve(files.map((f) => byFile.get(f) ?? { missing: existsSync(f) ? 'its name has a line break, which a PDFBox list cannot hold' : 'there was no such file' }));
    });
  });
}
