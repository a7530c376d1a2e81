import { resolve } from 'node:path';
import type { CommandIO, ParsedArgs } from '../_program/command.js';
import { str } from '../_program/args.js';
import { writeFileAtomic } from '../../core/index.js';
import { checkOutputFile, STDOUT, withOutputFlag } from '../_output/output-file.js';
import { safeNamePart } from '../../runner/manifest/index.js';
import { plainText } from '../_output/sanitize.js';
import { UsageError } from '../_program/usage-error.js';

/** What `--format` asks for: the PDF, the Peppol XML, or the PDF carrying the XML plus the XML beside it. */
export type DocumentFormat = 'pdf' | 'xml' | 'both';

const FORMATS: readonly DocumentFormat[] = ['pdf', 'xml', 'both'];

/** The `--format` flag, `pdf` by default. @throws naming --format */
export function documentFormat(args: ParsedArgs): DocumentFormat {
  const value = str(args, 'format') ?? 'pdf';
  if (!(FORMATS as readonly string[]).includes(value)) throw new UsageError(`--format: expected pdf, xml or both (got "${plainText(value)}")`);
  return value as DocumentFormat;
}

/** `-o PATH` refused before any work when it exists and is not a regular file (naming -o; `-o -` is stdout). */
export async function checkOutputFlag(io: CommandIO, args: ParsedArgs): Promise<void> {
  const out = str(args, 'output');
  if (out !== undefined && out !== STDOUT) await checkOutputFile('-o', out, io.cwd);
}

/** The bytes a command made, written by writeDocuments. */
export interface Documents {
  pdf?: Uint8Array;
  xml?: Uint8Array;
}

/**
 * Where the documents go: `-o PATH` (the PDF; with `--format xml` the XML), else `<stem>.pdf`
 * / `<stem>.xml` in the working folder (the stem made safe for any file system); with `both`
 * the XML goes beside the PDF, same name with `.xml`. `-o -` writes the one document to stdout.
 * @throws naming -o when `-o -` is given with --format both (two files cannot share one stream)
 */
export function documentPaths(args: ParsedArgs, format: DocumentFormat, stem: string): { pdf?: string; xml?: string } {
  const out = str(args, 'output');
  if (out === STDOUT && format === 'both') throw new UsageError('-o: --format both writes two files (the PDF and the XML beside it), so it cannot write to stdout (-o -)');
  const base = safeNamePart(stem);
  if (format === 'xml') return { xml: out ?? `${base}.xml` };
  const pdf = out ?? `${base}.pdf`;
  if (format === 'pdf') return { pdf };
  return { pdf, xml: /\.pdf$/i.test(pdf) ? pdf.replace(/\.pdf$/i, '.xml') : `${pdf}.xml` };
}

/**
 * Writes the documents only after all were made (a refused record leaves no file), each
 * atomically (a reader never sees half a file, a good earlier file is replaced only whole);
 * the XML first, so a PDF announcing an XML beside it never stands alone.
 */
export async function writeDocuments(io: CommandIO, paths: { pdf?: string; xml?: string }, docs: Documents): Promise<void> {
  for (const kind of ['xml', 'pdf'] as const) {
    const path = paths[kind];
    const bytes = docs[kind];
    if (path === undefined || bytes === undefined) continue;
    if (path === STDOUT) {
      io.stdout.write(bytes);
      continue;
    }
    await withOutputFlag('-o', path, () => writeFileAtomic(resolve(io.cwd, path), bytes));
    io.stdout.write(`Wrote ${plainText(path)} (${bytes.length} bytes)\n`);
  }
}
