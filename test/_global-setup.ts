import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { probeTools } from './_tool-probes.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * Tests that run the built `svc` bin need dist/ to match the sources. `npm ci` builds it; a
 * developer who edited src/ or templates/ (precompiled into dist/ by the build) gets one rebuild
 * here, once, before any test file starts. Returns the teardown: the run's temporary folder goes.
 */
export default function setup(project: TestProject): () => void {
  // Every server the tests start is on loopback over plain HTTP; none of the node processes they
  // start (the test workers, ~300 svc runs) needs the machine's extra CA certificates, which Node
  // reads at every start when NODE_EXTRA_CA_CERTS names them: 0.13 s of CPU a process on the
  // 2-core machine, where Node's own start is 0.04 s. The workers start after this setup and
  // inherit its environment, and so do their children.
  delete process.env.NODE_EXTRA_CA_CERTS;
  // The build's own record of the sources it was made from (src/_build-stamp.mjs), as `npm ci` asks.
  try {
    execFileSync(process.execPath, [join(ROOT, 'src/_build-stamp.mjs'), 'check'], { cwd: ROOT, stdio: 'ignore' });
  } catch {
    execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'ignore' });
  }
  // One temporary folder for the run, removed when it ends: every os.tmpdir() of the workers and of
  // the processes they start (svc, LibreOffice, Java, Chromium) is inside it, so a test that does
  // not clean up after itself, or one stopped half-way, leaves nothing in /tmp (a run used to leave
  // about twenty folders there).
  // The tool probes once per run, not once per worker (test/_tools.ts reads them).
  project.provide('toolProbes', probeTools());
  const runTmp = mkdtempSync(join(tmpdir(), 'svc-test-run-'));
  process.env.TMPDIR = runTmp;
  return () => rmSync(runTmp, { recursive: true, force: true });
}
