import { createHash } from 'node:crypto';

/** The queue of one month's run: `svc-month-end-2026-10` (BullMQ forbids `:` in queue names). */
export function queueName(month: string): string {
  return `svc-month-end-${month}`;
}

/**
 * The job id of an organization in a month: the same on every enqueue, so enqueueing a run
 * again adds nothing. The org id is percent-encoded (BullMQ forbids `:` in ids); a long one is
 * cut and given a hash so ids stay short enough to read in a dashboard.
 */
export function organizationJobId(month: string, orgId: string): string {
  const encoded = encodeURIComponent(orgId);
  const id = encoded.length <= 100 ? encoded : `${encoded.slice(0, 80)}~${createHash('sha256').update(orgId).digest('hex').slice(0, 16)}`;
  return `${month}.org.${id}`;
}

/** The job id of the month's partner workbook (`.org.` ids can never equal it). */
export function partnerJobId(month: string): string {
  return `${month}.partner`;
}
