// shared/pdfa/preflight, which checks one file at a time with a JVM of its own (PDFBox
// Preflight), then qpdf and Python. The JVMs are most of its cost; they are made cheaper, not
// fewer: C1 only and the serial collector (quickJvmEnv), and the classes the first JVM loaded,
// kept by it at its exit in an AppCDS archive (JDK 13+ -XX:ArchiveClassesAtExit) that every
// later JVM maps instead of reading and verifying the jars again. Measured on the 2-core machine,
// CPU of one JVM: 1.3 s as the tool runs it, 0.9 s with C1 and serial GC, 0.68 s with the archive
// too; writing the archive costs the first JVM about 0.5 s more. What PDFBox reports is the same.
// Its Python is Debian's /usr/bin/python3 (DEBIAN_FIRST), the one the tool's Debian packages go with.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { quickJvmEnv } from '../_shared-tools.js';

export interface PreflightResult {
  code: number;
  output: string;
}

// The JVM's own warnings (CDS: "class not supported", an archive it cannot map) go to stderr,
// which the tool throws away, rather than to stdout, which it parses for findings.
const LOG_TO_STDERR = ['-Xlog:disable', '-Xlog:all=warning:stderr'];

/**
 * PATH with /usr/bin first, so the tool's `python3` (one a file) is Debian's and not a version
 * manager's shim earlier on PATH: pyenv's shim is bash running pyenv, 0.2 s of CPU a start against
 * 0.04 s for /usr/bin/python3 (measured on the 2-core machine), 23 starts a run of this file. The
 * script only needs json, re, zlib and base64; java and qpdf are /usr/bin's either way.
 */
const DEBIAN_FIRST = existsSync('/usr/bin/python3') ? { PATH: ['/usr/bin', process.env.PATH].filter(Boolean).join(':') } : {};

export class Preflight {
  /** Made by the first check, so a describe that is skipped leaves no folder behind. */
  private dir: string | undefined;
  /** The run whose JVM writes the archive; every other run waits for it. */
  private first: Promise<PreflightResult> | undefined;

  constructor(private readonly tool: string) {}

  /**
   * Checks `files` in `runs` runs of the tool at once (each on its share of the files, outputs
   * one after the other; exit 0 only if all were 0). The first file of the first call is checked
   * alone before the rest, by the JVM that writes the archive.
   */
  async check(files: string[], runs = 1): Promise<PreflightResult> {
    const results: PreflightResult[] = [];
    let rest = files;
    this.dir ??= mkdtempSync(join(tmpdir(), 'svc-preflight-jvm-'));
    const archive = join(this.dir, 'preflight.jsa');
    if (!this.first) {
      this.first = this.exec(files.slice(0, 1), `-XX:ArchiveClassesAtExit=${archive}`);
      results.push(await this.first);
      rest = files.slice(1);
    } else await this.first;
    // Without the archive (the first JVM could not write it) the rest still run, only slower.
    const share = existsSync(archive) ? `-XX:SharedArchiveFile=${archive}` : '';
    const size = Math.ceil(rest.length / runs);
    const parts = Array.from({ length: runs }, (_, i) => rest.slice(i * size, (i + 1) * size)).filter((p) => p.length);
    results.push(...(await Promise.all(parts.map((p) => this.exec(p, share)))));
    return { code: Math.max(0, ...results.map((r) => r.code)), output: results.map((r) => r.output).join('') };
  }

  close(): void {
    if (this.dir) rmSync(this.dir, { recursive: true, force: true });
  }

  private exec(files: string[], jvm: string): Promise<PreflightResult> {
    const env = { ...quickJvmEnv(...LOG_TO_STDERR, jvm), ...DEBIAN_FIRST };
    return new Promise((resolve) => {
      execFile(this.tool, files, { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024, env }, (err, stdout, stderr) => {
        resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, output: `${stdout}${stderr}` });
      });
    });
  }
}
