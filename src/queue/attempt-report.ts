import type { Job } from 'bullmq';
import type { QueueJobData, QueueJobResult } from './job-data.js';

/** What the worker tells about each attempt's end. */
export interface AttemptReport {
  job: Job;
  data: QueueJobData | undefined;
  result: QueueJobResult | undefined;
  /** 'done' completed; 'retry' failed for now (BullMQ tries again after its backoff); 'final' failed for good. */
  verdict: 'done' | 'retry' | 'final';
  reason?: string;
}
