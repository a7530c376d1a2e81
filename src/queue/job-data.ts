import { isAbsolute } from 'node:path';
import { z } from 'zod';
import { RunOrganizationSchema } from '../runner/config/index.js';
import type { ManifestFile, OrgOutcome, PartOutcome } from '../runner/manifest/index.js';

import { isMonth } from '../runner/options/index.js';
import { safeNamePart } from '../runner/manifest/index.js';

/** Format of the jobs this version writes; a worker refuses others rather than guess. */
export const JOB_FORMAT = 1;

const FileEntrySchema = z.object({
  path: z.string(), org_id: z.string().nullable(), kind: z.string(), size: z.number(), sha256: z.string(),
  source_sha256: z.string(), source: z.string(), generator: z.string(), status: z.string(), previous_source_sha256: z.string().optional(),
});

// What every job of one run carries. No token: only the names of the variables holding them.
const RunFields = {
  format: z.literal(JOB_FORMAT),
  month: z.string().refine(isMonth, 'must be YYYY-MM'),
  /** The coordinator's output folder (absolute); a worker may have it mounted elsewhere (--out). */
  out_dir: z.string().refine(isAbsolute, 'must be an absolute path'),
  base_url: z.string().url(),
  language: z.string().nullable(),
  with_service_pdf: z.boolean(),
  /** `--rate`: requests per second to the reporting API across all workers; null for no cap. */
  rate: z.number().int().positive().nullable(),
  /** `--rates`: the run's rates file, copied into the month folder (the worker reads it there, checked by sha256); null or absent without one. */
  rates: z.strictObject({
    name: z.string(),
    path: z.enum(['exchange-rates.csv', 'exchange-rates.xml']),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    source: z.enum(['ecb', 'nationalbank']),
    last_day: z.string(),
  }).nullable().optional(),
  /** Hash of the fields above: tells this run's jobs from another run's in the same queue. */
  run: z.string(),
  /** The previous manifest's entries for this job's files, so unchanged files are skipped. */
  previous: z.array(FileEntrySchema),
};

export const JobDataSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('organization'),
    ...RunFields,
    org: RunOrganizationSchema,
    // A folder is a safe name part by construction; anything else is refused, never written to.
    folder: z.string().refine((f) => safeNamePart(f) === f, 'must be a safe folder name'),
  }),
  z.strictObject({
    kind: z.literal('partner'),
    ...RunFields,
    partner: z.strictObject({ token_env: RunOrganizationSchema.shape.token_env, language: z.string().optional(), org_id: RunOrganizationSchema.shape.org_id.optional() }),
  }),
]);

export type QueueJobData = z.infer<typeof JobDataSchema>;
export type RunFieldsOf = Pick<QueueJobData, 'format' | 'month' | 'out_dir' | 'base_url' | 'language' | 'with_service_pdf' | 'rate' | 'rates' | 'run'>;

/** What a job returns (and, for a failed job, leaves as its progress): the outcome and the files written. */
export interface QueueJobResult {
  outcome: OrgOutcome | PartOutcome;
  files: ManifestFile[];
}

/** A job's progress: documents made so far, and the result once the attempt has ended. */
export interface JobProgressData {
  documents: number;
  result?: QueueJobResult;
}
