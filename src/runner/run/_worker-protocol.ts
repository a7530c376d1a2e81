import type { RunOrganization } from '../config/config.js';
import type { ManifestFile, OrgOutcome, RatesFileEntry } from '../manifest/manifest.js';

/** One organization for a worker thread; `token` is the value of the org's variable (memory only). */
export interface OrgTask {
  org: RunOrganization;
  token: string | undefined;
  folder: string;
  month: string;
  monthDir: string;
  baseUrl: string;
  language: string | undefined;
  withServicePdf: boolean;
  /** The previous manifest's entries under this organization's folder. */
  previous: ManifestFile[];
  /** The run's rates file, copied into the month folder (read there by the thread); null when none was given. */
  rates: RatesFileEntry | null;
}

/** What a worker thread is started with: the client's options, and every token of the run with its organization ids (RunSecrets). */
export interface WorkerData {
  client: unknown;
  secrets: { tokens: Array<string | undefined>; orgIds: string[] };
}

export type WorkerRequest = { type: 'org'; id: number; task: OrgTask } | { type: 'abort'; reason: string };

export type WorkerReply =
  | { type: 'file'; id: number }
  | { type: 'done'; id: number; outcome: OrgOutcome; files: ManifestFile[] }
  | { type: 'error'; id: number; message: string };
