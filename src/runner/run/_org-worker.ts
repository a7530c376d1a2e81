// A worker thread of a month-end run: runs whole organizations (fetch, render, build, write)
// with the package's own client, renderer and builders, so a run uses more than one core.
// Only plain JSON crosses the thread boundary: the task in, the outcome and file entries out.
import { parentPort, workerData } from 'node:worker_threads';
import { setMaxListeners } from 'node:events';
import { createDefaultDeps, type RunClientOptions } from '../unit/default-deps.js';
import { runUnit } from '../unit/run-unit.js';
import { ratesOfRun } from '../config/rates-file.js';
import type { WorkerData, WorkerReply, WorkerRequest } from './_worker-protocol.js';
import { RunSecrets } from '../unit/run-secrets.js';

const port = parentPort!;
const controller = new AbortController();
// One connection pool for the thread's life (it ends with the run).
const data = workerData as WorkerData;
const { deps } = createDefaultDeps({ client: data.client as RunClientOptions });
// Every token of the run, which no organization's answers may hold (RunSecrets): made once for the thread.
const runSecrets = new RunSecrets(data.secrets.tokens, data.secrets.orgIds);
setMaxListeners(0, controller.signal);

port.on('message', (msg: WorkerRequest) => {
  if (msg.type === 'abort') {
    controller.abort(new Error(msg.reason));
    return;
  }
  const t = msg.task;
  (t.rates ? ratesOfRun(t.monthDir, t.rates) : Promise.resolve(undefined)).then((rates) => runUnit({ kind: 'organization', org: t.org, folder: t.folder, withServicePdf: t.withServicePdf }, {
    monthDir: t.monthDir, month: t.month, baseUrl: t.baseUrl, language: t.language, previous: t.previous,
    env: { [t.org.token_env]: t.token }, deps, signal: controller.signal, rates, runSecrets,
    onFile: () => port.postMessage({ type: 'file', id: msg.id } satisfies WorkerReply),
  })).then(
    (done) => port.postMessage({ type: 'done', id: msg.id, outcome: done.outcome, files: done.files } satisfies WorkerReply),
    (e: unknown) => port.postMessage({ type: 'error', id: msg.id, message: e instanceof Error ? e.message : String(e) } satisfies WorkerReply),
  );
});
