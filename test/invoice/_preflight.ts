// shared/pdfa/preflight checks one file at a time: a JVM of its own (PDFBox Preflight), then qpdf
// and Python. The JVMs were most of its cost. Here one JVM checks all the files of a check, in
// PDFBox's text batch mode (_pdfbox-batch.ts), and the tool still runs for every file, its qpdf
// and Python checks and its PASS/FAIL still the verdict, with a `java` first on its PATH
// (_java-shim.ts) that answers the tool's PDFBox call for a file with what that one JVM printed
// for it, which is what a JVM of the file's own prints (the same method of PDFBox runs; compared
// for every file of pdfa.test.ts, failing ones too, and by the XMP test there); any other call is
// the real java's. A file the batch has no text for fails, with the reason, never passes.
// Measured on the 2-core machine, CPU: one JVM per file 0.9 s (C1, serial GC) or 0.68 s (with an
// AppCDS archive); the batch JVM on 20 files 1.7 s, so pdfa.test.ts took ~20.3 s, now see
// bench/README.md. The batch keeps C1 only and the serial collector (quickJvmEnv): 1.7 s against
// 2.7 s with C2 and G1. The AppCDS archive of before is gone: with one JVM a check, writing it
// (0.5 s) costs more than the later JVMs save by it.
// The tool's Python is Debian's /usr/bin/python3 (DEBIAN_FIRST), the one its packages go with.
import { execFile } from 'node:child_process';
import { accessSync, constants, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { quickJvmEnv } from '../_shared-tools.js';
import { runBatch, toolClassPath } from './_pdfbox-batch.js';
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

function onPath(name: string, path: string): string | undefined {
  for (const dir of path.split(delimiter).filter(Boolean)) {
    try {
      accessSync(join(dir, name), constants.X_OK);
      return join(dir, name);
    } catch {
      // not in this folder
    }
  }
  return undefined;
}

export class Preflight {
  /** Made by the first check, so a describe that is skipped leaves no folder behind. */
  private dir: string | undefined;
  private checks = 0;

  constructor(private readonly tool: string) {}

  /**
   * Checks `files` with one PDFBox JVM, then `runs` runs of the tool at once (each on its share of
   * the files, outputs one after the other; exit 0 only if all were 0) relayed its answers.
   */
  async check(files: string[], runs = 1): Promise<PreflightResult> {
    this.dir ??= mkdtempSync(join(tmpdir(), 'svc-preflight-'));
    const java = onPath('java', DEBIAN_PATH);
    const classPath = toolClassPath(this.tool);
    // Without java (the tool installs it as root) or a class path to read, the tool runs as it is.
    if (!java || !classPath) return this.runTool(files, runs, {});
    const relay = join(this.dir, `check-${++this.checks}`);
    mkdirSync(relay);
    writeAnswers(relay, files, await runBatch(java, classPath, files, relay, quickJvmEnv(...LOG_TO_STDERR)));
    const shim = writeJavaShim(join(this.dir, 'bin'), java, classPath);
    return this.runTool(files, runs, { PATH: [shim, DEBIAN_PATH].join(delimiter), SVC_PREFLIGHT_RELAY: relay });
  }

  /** The tool as it is, a JVM a file (C1 and serial GC as in the batch): what the relay must equal. */
  checkAlone(files: string[]): Promise<PreflightResult> {
    return this.runTool(files, 1, {});
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
