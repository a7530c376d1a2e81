// Whether the programs some tests need are there, found once per test run: the global setup
// calls probeTools() and hands the answer to the workers (`project.provide('toolProbes', ...)`),
// which read it in test/_tools.ts. Each worker used to run these probes when it first imported
// _tools.ts: five processes a worker, `python3 -c 'import openpyxl'` alone 0.2 s of CPU.
// No vitest import here: the global setup runs outside the workers.
import { execFileSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { delimiter, resolve } from 'node:path';

export interface ToolProbes {
  soffice: boolean;
  openpyxl: boolean;
  unzip: boolean;
  script: boolean;
  cmark: boolean;
  redis: boolean;
  zsh: boolean;
  fish: boolean;
  /** A JDK and Saxon-HE, which run the official e-invoice rules in test/rules. */
  rulesRunner: boolean;
  /** Debian's PDFBox Preflight (libpdfbox2-java and the jars it needs), qpdf, java and python3, which test/rules/pdfa-preflight runs. */
  pdfaPreflight: boolean;
}

declare module 'vitest' {
  export interface ProvidedContext {
    toolProbes: ToolProbes;
  }
}

/** Python 3 for the openpyxl tests (SVC_TEST_PYTHON to use another). */
export const PYTHON = process.env.SVC_TEST_PYTHON ?? '/usr/bin/python3';

function has(cmd: string, args: string[]): boolean {
  try {
    execFileSync(cmd, args, { stdio: 'ignore', timeout: 60_000 });
    return true;
  } catch {
    return false;
  }
}

/**
 * Where `cmd` is an executable on `path` (PATH by default), as an absolute path, found without
 * running it: `soffice --version` took 1.3 s of wall time at every worker's first import
 * (LibreOffice's launcher starts its runtime). An empty entry is the current folder, as for a shell.
 */
export function findOnPath(cmd: string, path = process.env.PATH ?? ''): string | undefined {
  for (const dir of path.split(delimiter)) {
    const file = resolve(dir || '.', cmd);
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not in this folder
    }
  }
  return undefined;
}

export function probeTools(): ToolProbes {
  return {
    soffice: findOnPath('soffice') !== undefined,
    openpyxl: has(PYTHON, ['-c', 'import openpyxl']),
    unzip: has('unzip', ['-v']),
    script: process.platform === 'linux' && has('script', ['--version']),
    cmark: has('cmark-gfm', ['--version']),
    // Found, not run: under libfaketime (.ci/run's date-sensitive runs) `redis-server --version`
    // never returns, and each of those runs waited 60 s for this probe's timeout.
    redis: findOnPath('redis-server') !== undefined,
    zsh: findOnPath('zsh') !== undefined,
    fish: findOnPath('fish') !== undefined,
    pdfaPreflight: ['preflight.jar', 'pdfbox2.jar', 'javax.activation.jar', 'jaxb-api.jar'].every((j) => existsSync(`/usr/share/java/${j}`)) && ['java', 'qpdf', 'python3'].every((c) => findOnPath(c) !== undefined),
    rulesRunner: findOnPath('java') !== undefined && findOnPath('javac') !== undefined && existsSync(process.env.SAXON_JAR ?? '/usr/share/java/Saxon-HE.jar'),
  };
}
