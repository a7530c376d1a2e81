// shared/pdfa/preflight checks one file at a time: a JVM of its own (PDFBox Preflight), then qpdf
// and Python. The JVMs were most of its cost. Here one JVM checks many files, in PDFBox's text
// batch mode (_pdfbox-batch.ts: why not `xml group`), and the tool still runs for every file, its
// qpdf and Python checks and its PASS/FAIL still the verdict, with a `java` first on its PATH
// (_java-shim.ts) that answers the tool's PDFBox call for a file with what that one JVM printed for
// it: what a JVM of the file's own prints, the same method of PDFBox running (the tool's whole
// output compared, relay or not, for 25 files, 5 of them failing; pdfa.test.ts's XMP test keeps
// comparing). Any other java call is the real java's. A file the batch has no whole text for fails,
// with the reason, never passes. prepare() lets one JVM check the files of several tests.
// Measured on the 2-core machine, CPU: a JVM for one file 0.9 s (C1, serial GC) or 0.68 s (AppCDS
// archive too); one batch JVM for 20 files 1.7 s (2.7 s with C2 and G1, so C1 and the serial
// collector stay: quickJvmEnv). pdfa.test.ts, all its processes: 20.3 s with a JVM a file, 9.6 s
// with a JVM a check, 7.7 s with one for the file's three checks (and one more, the XMP test's
// file alone). The AppCDS archive of before is gone: it cost the JVM writing it 0.5 s, more than
// the one or two later JVMs would save. The tool's Python is Debian's /usr/bin/python3 (DEBIAN_PATH).
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { quickJvmEnv } from '../_shared-tools.js';
import { findOnPath } from '../_tool-probes.js';
import { runBatch, toolClassPath, type BatchAnswer } from './_pdfbox-batch.js';
import { writeAnswers, writeJavaShim } from './_java-shim.js';

export interface PreflightResult {
  code: number;
  output: string;
}

// The JVM's own warnings go to stderr, not among the findings on stdout.
const LOG_TO_STDERR = ['-Xlog:disable', '-Xlog:all=warning:stderr'];

/**
 * PATH with /usr/bin first, so the tool's `python3` (one a file) is Debian's and not a version
 * manager's shim earlier on PATH: pyenv's shim is bash running pyenv, 0.2 s of CPU a start against
 * 0.04 s for /usr/bin/python3 (measured on the 2-core machine). The script only needs json, re,
 * zlib and base64; java and qpdf are /usr/bin's either way.
 */
const DEBIAN_PATH = existsSync('/usr/bin/python3') ? ['/usr/bin', process.env.PATH].filter(Boolean).join(delimiter) : (process.env.PATH ?? '');

/** Size and modification time: a file rewritten after the batch read it is read again. */
function stamp(file: string): string {
  const st = statSync(file, { throwIfNoEntry: false });
  return st ? `${st.size}:${st.mtimeMs}` : 'missing';
}

export class Preflight {
  /** Made by the first check, so a describe that is skipped leaves no folder behind. */
  private dir: string | undefined;
  private runs = 0;
  /** What the batches said for each file, and the file's size and time then. */
  private readonly answers = new Map<string, { answer: BatchAnswer; stamp: string }>();

  constructor(private readonly tool: string) {}

  /**
   * Has one PDFBox JVM check `files` now, for later checks of any of them (one JVM for the files
   * of several tests). A file changed since (its size or time) is checked again when its turn comes.
   */
  async prepare(files: string[]): Promise<void> {
    const pdfbox = this.pdfbox();
    if (!pdfbox) return;
    const dir = join(this.folder(), `batch-${++this.runs}`);
    mkdirSync(dir);
    const stamps = files.map(stamp);
    const answers = await runBatch(pdfbox.java, pdfbox.classPath, files, dir, quickJvmEnv(...LOG_TO_STDERR));
    files.forEach((f, i) => this.answers.set(f, { answer: answers[i]!, stamp: stamps[i]! }));
  }

  /**
   * Checks `files` (with one PDFBox JVM for those prepare did not already check), then `runs` runs
   * of the tool at once (each on its share of the files, outputs one after the other; exit 0 only
   * if all were 0), PDFBox's answers relayed to it.
   */
  async check(files: string[], runs = 1): Promise<PreflightResult> {
    const pdfbox = this.pdfbox();
    // Without java (the tool installs it as root) or a class path to read, the tool runs as it is.
    if (!pdfbox) return this.runTool(files, runs, {});
    const todo = files.filter((f) => this.answers.get(f)?.stamp !== stamp(f));
    if (todo.length) await this.prepare(todo);
    const relay = join(this.folder(), `check-${++this.runs}`);
    writeAnswers(relay, files, files.map((f) => this.answers.get(f)!.answer));
    const shim = writeJavaShim(join(this.folder(), 'bin'), pdfbox.java, pdfbox.classPath);
    return this.runTool(files, runs, { PATH: [shim, DEBIAN_PATH].join(delimiter), SVC_PREFLIGHT_RELAY: relay });
  }

  /** The tool as it is, a JVM a file (C1 and serial GC as in the batch): what the relay must equal. */
  checkAlone(files: string[]): Promise<PreflightResult> {
    return this.runTool(files, 1, {});
  }

  private folder(): string {
    return (this.dir ??= mkdtempSync(join(tmpdir(), 'svc-preflight-')));
  }

  private pdfbox(): { java: string; classPath: string } | undefined {
    const java = findOnPath('java', DEBIAN_PATH);
    const classPath = toolClassPath(this.tool);
    return java && classPath ? { java, classPath } : undefined;
  }

  close(): void {
    if (this.dir) rmSync(this.dir, { recursive: true, force: true });
  }

  private async runTool(files: string[], runs: number, env: NodeJS.ProcessEnv): Promise<PreflightResult> {
    const size = Math.ceil(files.length / runs);
    const parts = Array.from({ length: runs }, (_, i) => files.slice(i * size, (i + 1) * size)).filter((p) => p.length);
    const results = await Promise.all(parts.map((p) => this.exec(p, env)));
    return { code: Math.max(0, ...results.map((r) => r.code)), output: results.map((r) => r.output).join('') };
  }

  private exec(files: string[], extra: NodeJS.ProcessEnv): Promise<PreflightResult> {
    const env = { ...quickJvmEnv(...LOG_TO_STDERR), PATH: DEBIAN_PATH, ...extra };
    return new Promise((resolve) => {
      execFile(this.tool, files, { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024, env }, (err, stdout, stderr) => {
        resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, output: `${stdout}${stderr}` });
      });
    });
  }
}
