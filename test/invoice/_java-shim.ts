// A `java` for the front of the preflight tool's PATH: the tool's one call of PDFBox,
// `java -cp CP org.apache.pdfbox.preflight.Validator_A1b FILE`, is answered from the folder
// SVC_PREFLIGHT_RELAY names (written by writeAnswers from a batch run); any other call, or one
// with another class path, is the real java's, unchanged. Bash, not Node: the tool starts it once
// a file, and a bash start is a few milliseconds of CPU where Node's is 40.
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { VALIDATOR, type BatchAnswer } from './_pdfbox-batch.js';

const q = (s: string): string => `'${s.replaceAll("'", "'\\''")}'`;

/**
 * Writes `dir/java` and returns `dir`. A FILE the folder has no answer for gets a finding line
 * (code 0, which the tool counts like any other) and the reason on stderr: never a silent pass.
 */
export function writeJavaShim(dir: string, realJava: string, classPath: string): string {
  mkdirSync(dir, { recursive: true });
  const script = `#!/bin/bash
# Written by test/invoice/_java-shim.ts for shared/pdfa/preflight: see there.
if [ $# -eq 4 ] && [ "$1" = -cp ] && [ "$2" = ${q(classPath)} ] && [ "$3" = ${VALIDATOR} ] && [ -n "\${SVC_PREFLIGHT_RELAY:-}" ]; then
  n=0
  while IFS= read -r -d '' p; do
    n=$((n + 1))
    if [ "$p" = "$4" ]; then
      [ -f "$SVC_PREFLIGHT_RELAY/$n.why" ] && cat "$SVC_PREFLIGHT_RELAY/$n.why" >&2
      cat "$SVC_PREFLIGHT_RELAY/$n.txt" && exit 0
      echo "java (preflight relay): no PDFBox result for $4: its answer could not be read" >&2
      echo "0 : no PDFBox result: the relay's answer for the file could not be read"
      exit 1
    fi
  done <"$SVC_PREFLIGHT_RELAY/files"
  echo "java (preflight relay): no PDFBox result for $4: it was not in the batch" >&2
  echo "0 : no PDFBox result: the file was not in the batch PDFBox checked"
  exit 1
fi
exec ${q(realJava)} "$@"
`;
  writeFileSync(join(dir, 'java'), script);
  chmodSync(join(dir, 'java'), 0o755);
  return dir;
}

/** Writes the answers for `files` into `dir` (the folder SVC_PREFLIGHT_RELAY names for one check). */
export function writeAnswers(dir: string, files: string[], answers: BatchAnswer[]): void {
  mkdirSync(dir, { recursive: true });
  // NUL-separated: the one byte no path holds.
  writeFileSync(join(dir, 'files'), files.map((f) => `${f}\0`).join(''));
  answers.forEach((a, i) => {
    if ('text' in a) writeFileSync(join(dir, `${i + 1}.txt`), a.text);
    else {
      writeFileSync(join(dir, `${i + 1}.why`), `java (preflight relay): no PDFBox result for ${files[i]}: ${a.missing}\n`);
      // One line, code 0: the tool reads `CODE : details` lines and fails the file on any it keeps.
      writeFileSync(join(dir, `${i + 1}.txt`), `0 : no PDFBox result: ${a.missing.replaceAll('\n', ' ')}\n`);
    }
  });
}
