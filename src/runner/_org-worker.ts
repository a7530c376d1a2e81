// A worker thread of a month-end run: runs whole organizations (fetch, render, build, write)
// with the package's own client, renderer and builders, so a run uses more than one core.
// Only plain JSON crosses the thread boundary: the task in, the outcome and file entries out.
import { parentPort, workerData } from 'node:worker_threads';
import { setMaxListeners } from 'node:events';
import { createDefaultDeps, type RunClientOptions } from './default-deps.js';
import { OutputWriter } from './_output-writer.js';
import { runOrganization } from './_org-run.js';
import type { WorkerReply, WorkerRequest } from './_worker-protocol.js';
import { SecretScrubber } from './_secret-scrubber.js';

const port = parentPort!;
const controller = new AbortController();
// One connection pool for the thread's life (it ends with the run).
const { deps } = createDefaultDeps({ client: workerData as RunClientOptions });
setMaxListeners(0, controller.signal);

port.on('message', (msg: WorkerRequest) => {
  if (msg.type === 'abort') {
    controller.abort(new Error(msg.reason));
    return;
  }
  const t = msg.task;
  const writer = new OutputWriter(t.monthDir, new Map(t.previous.map((f) => [f.path, f])));
  const scrubber = new SecretScrubber([t.token]);
  runOrganization({
    org: t.org, folder: t.folder, month: t.month, baseUrl: t.baseUrl, env: { [t.org.token_env]: t.token },
    deps, writer, signal: controller.signal, language: t.language, withServicePdf: t.withServicePdf, scrub: (text) => scrubber.scrub(text),
    onFile: () => port.postMessage({ type: 'file', id: msg.id } satisfies WorkerReply),
  }).then(
    (outcome) => port.postMessage({ type: 'done', id: msg.id, outcome, files: writer.files } satisfies WorkerReply),
    (e: unknown) => port.postMessage({ type: 'error', id: msg.id, message: e instanceof Error ? e.message : String(e) } satisfies WorkerReply),
  );
});
