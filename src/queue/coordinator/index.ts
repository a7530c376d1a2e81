// queue/coordinator: the coordinating side of a run on a queue (svc month-end --queue): jobs in, outcomes out,
// the run's manifest and pages at the end. Loads BullMQ and Redis's client only when a run starts; never a worker.
export { runMonthEndOnQueue, type QueueRunOptions } from './run-on-queue.js';
