import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ManifestFile, OrgOutcome } from '../manifest/manifest.js';
import type { OrgTask, WorkerData, WorkerReply, WorkerRequest } from './_worker-protocol.js';
import type { RunClientOptions } from '../unit/default-deps.js';

const WORKER_FILE = fileURLToPath(new URL('./_org-worker.js', import.meta.url));

/** True where the compiled worker exists (the built package); running from TypeScript sources it does not. */
export function threadsAvailable(): boolean {
  return existsSync(WORKER_FILE);
}

interface Pending {
  resolve: (r: { outcome: OrgOutcome; files: ManifestFile[] }) => void;
  onFile: () => void;
  task: OrgTask;
}

interface Slot {
  worker: Worker;
  busy: number;
  alive: boolean;
  pending: Map<number, Pending>;
}

function failedOutcome(task: OrgTask, message: string): OrgOutcome {
  return { org_id: task.org.org_id, name: task.org.name, folder: task.folder, status: 'failed', error: message, parts: [], invoices: [], cost: null };
}

/**
 * Worker threads that run whole organizations, each task going to the least busy thread. A
 * thread that dies fails only the organizations it was running, with the reason.
 */
export class ThreadPool {
  private readonly slots: Slot[] = [];
  private nextId = 1;

  /** `secrets`: every token of the run and its organization ids, from which each thread makes its RunSecrets once. */
  constructor(threads: number, client: RunClientOptions = {}, secrets: WorkerData['secrets'] = { tokens: [], orgIds: [] }) {
    for (let i = 0; i < threads; i++) {
      const slot: Slot = { worker: new Worker(WORKER_FILE, { workerData: { client, secrets } satisfies WorkerData }), busy: 0, alive: true, pending: new Map() };
      slot.worker.on('message', (msg: WorkerReply) => this.onReply(slot, msg));
      slot.worker.on('error', (e) => this.onDeath(slot, `worker thread failed: ${e.message}`));
      slot.worker.on('exit', (code) => this.onDeath(slot, `worker thread exited (code ${code})`));
      this.slots.push(slot);
    }
  }

  run(task: OrgTask, onFile: () => void): Promise<{ outcome: OrgOutcome; files: ManifestFile[] }> {
    const live = this.slots.filter((s) => s.alive);
    if (live.length === 0) return Promise.resolve({ outcome: failedOutcome(task, 'no worker thread is left'), files: [] });
    const slot = live.reduce((a, b) => (b.busy < a.busy ? b : a));
    const id = this.nextId++;
    slot.busy++;
    return new Promise((resolve) => {
      slot.pending.set(id, { resolve, onFile, task });
      slot.worker.postMessage({ type: 'org', id, task } satisfies WorkerRequest);
    });
  }

  abort(reason: string): void {
    for (const s of this.slots) if (s.alive) s.worker.postMessage({ type: 'abort', reason } satisfies WorkerRequest);
  }

  async close(): Promise<void> {
    await Promise.all(this.slots.map((s) => { s.alive = false; return s.worker.terminate(); }));
  }

  private onReply(slot: Slot, msg: WorkerReply): void {
    const p = slot.pending.get(msg.id);
    if (!p) return;
    if (msg.type === 'file') return p.onFile();
    slot.pending.delete(msg.id);
    slot.busy--;
    if (msg.type === 'done') p.resolve({ outcome: msg.outcome, files: msg.files });
    else p.resolve({ outcome: failedOutcome(p.task, msg.message), files: [] });
  }

  private onDeath(slot: Slot, message: string): void {
    if (!slot.alive) return;
    slot.alive = false;
    for (const p of slot.pending.values()) p.resolve({ outcome: failedOutcome(p.task, message), files: [] });
    slot.pending.clear();
  }
}
