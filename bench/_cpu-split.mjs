// Where a run's main-thread CPU went, from a V8 CPU profile (`node --cpu-prof`): each sample is
// put in the group of the nearest frame, leaf first, whose code belongs to one. Only the main
// thread is in a profile: zlib and file system work on libuv's threads, and the garbage
// collector's helper threads, are not (the process's CPU minus the profile's busy time is them).
import { readFileSync } from 'node:fs';

// First match wins, tried on "function url" of a frame, from the sample's leaf up. Paths are
// dist's part folders (since issue 41: runner/manifest, runner/run, runner/unit, runner/pages, …).
// zlib is no group of its own: its frames go to their caller's group (the workbook's deflate, the
// kept answers' gzip).
const GROUPS = [
  ['garbage collection', /^\(garbage collector\)/],
  ['hashing', /\/runner\/manifest\/hash\.js|node:internal\/crypto\/hash|^(sha256|update|digest) /],
  ['scrubbing secrets', /\/runner\/run\/_secret-scrubber\.js|\/cli\/_program\/mask-secrets\.js|\/cli\/_credentials\/mask\.js/],
  ['kept answers', /\/runner\/unit\/(_answer-recorder|_keep-answers|answer-tap)\.js|\/runner\/manifest\/kept-answers\.js/],
  ['manifest and pages', /\/runner\/run\/(_checkpoint|_finish|_credit-note|_shared-payment-ids|_previous-manifest)|\/runner\/manifest\/(manifest|_exact-json|chain|_run-documents)\.js|\/runner\/pages\/|\/runner\/figures\/(?!cost-in-dkk)/],
  ['checks', /\/check\/|\/vat\/|listed-invoice\.js|\/report\/cost-findings\.js/],
  ['rendering: invoice PDF', /\/invoice\/|pdf-lib|fontkit/],
  ['rendering: e-invoice XML', /\/einvoice\//],
  ['rendering: cost workbook', /\/report\/(?!fetch|_fetch|key-store|_key-stats)|\/runner\/figures\/cost-in-dkk\.js|\/money\//],
  ['fetch and parse', /\/client\/|undici|\/model\/|zod|decimal\.js|\/core\/json\/|\/report\/(fetch|_fetch|key-store|_key-stats)|node:net|node:internal\/stream_base|^JSON\.parse|^parse /],
  ['writing files', /\/core\/(atomic-write|own-file|refuse-links|make-folder)|\/runner\/manifest\/_output-writer\.js|node:internal\/fs|^(lstat|open|openFileHandle|close|fsync|rename|writeBuffer|writeString|mkdir|read|fstat) /],
  ['idle', /^\(idle\)/],
];

/** [group, seconds] for the profile at `file`, largest first, and the profile's busy seconds. */
export function cpuSplit(file) {
  const p = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const groupOf = new Map();
  const find = (id) => {
    if (groupOf.has(id)) return groupOf.get(id);
    const n = byId.get(id);
    const label = `${n.callFrame.functionName} ${n.callFrame.url}`;
    let g = GROUPS.find(([, re]) => re.test(label))?.[0];
    if (!g) g = parent.has(id) ? find(parent.get(id)) : 'other';
    groupOf.set(id, g);
    return g;
  };
  const sums = new Map();
  for (let i = 0; i < p.samples.length; i++) {
    const g = find(p.samples[i]);
    sums.set(g, (sums.get(g) ?? 0) + (p.timeDeltas[i] ?? 0) / 1e6);
  }
  const busy = [...sums].filter(([g]) => g !== 'idle').reduce((a, [, s]) => a + s, 0);
  return { groups: [...sums].filter(([g]) => g !== 'idle').sort((a, b) => b[1] - a[1]), busy };
}
