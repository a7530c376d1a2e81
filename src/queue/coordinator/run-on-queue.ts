import { isAbsolute } from 'node:path';
import type { RunConfig } from '../../runner/config/index.js';
import type { Manifest } from '../../runner/manifest/index.js';
import type { MonthEndOptions } from '../../runner/run/index.js';
import { parseRunConfig } from '../../runner/config/index.js';
import { RunOptionError } from '../../runner/options/index.js';
import { previousMonth } from '../../runner/options/index.js';
import { RUN_OPTION_KINDS, checkDateOption, checkMonthOption, checkOptionKinds, checkWholeOption } from '../../runner/option-checks/index.js';
import { parseQueueUrl } from '../_connection.js';
import { queueName } from '../_names.js';
import { loadQueuePeers } from '../_peers.js';
import { CONNECT_WAIT_MS, probeRedis } from '../_ready.js';
import { timeoutSetting } from '../../client/timeout/index.js';
import { now } from '../../core/index.js';
import { readRatesFile } from '../../runner/config/index.js';

export interface QueueRunOptions extends Omit<MonthEndOptions, 'threads' | 'deps' | 'concurrency'> {
  /** `redis://HOST:PORT[/DB]` of the queue the workers take jobs from. */
  queue: string;
  /** At most this many requests per second to the reporting API, across all workers. */
  rate?: number | undefined;
  /** Lines about the queue itself (Redis lost and being retried), for stderr. */
  onNotice?: ((line: string) => void) | undefined;
  /** Called once Redis has answered and the month folder is locked: where the jobs go (the URL without password) and the queue's name. */
  onConnected?: ((where: string, queue: string) => void) | undefined;
}

/**
 * The month end with organizations as jobs on a BullMQ queue in Redis (`svc month-end --queue`):
 * enqueues one job per organization (and one for the partner workbook) with ids made from month
 * and organization, follows them to the end, then writes `summary.md` and `manifest.json` from
 * the jobs' results with the runner's own finishing step. `svc worker` processes do the work.
 * An abort stops following (the workers go on) and writes the manifest of what is done; running
 * the same command again follows the same jobs. A finished run's jobs are removed from Redis, so
 * the next run of the month runs everything again, skipping unchanged files by source hash.
 */
export async function runMonthEndOnQueue(config: RunConfig, options: QueueRunOptions): Promise<Manifest> {
  checkOptionKinds(options, { ...RUN_OPTION_KINDS, queue: 'string', onNotice: 'function', onConnected: 'function' }, ['outDir', 'queue'], ['rate']);
  config = parseRunConfig(config);
  const month = options.month ?? previousMonth(now());
  checkMonthOption(month);
  checkWholeOption(options.rate, 'rate', 1, 100_000);
  checkDateOption(options.creditNoteDate, 'creditNoteDate');
  if (!isAbsolute(options.outDir)) throw new RunOptionError('out', 'must be an absolute path (workers on other machines use it)');
  const env = options.env ?? process.env;
  // The rates file is checked before Redis is asked: a bad file is one line, with nothing made.
  const ratesFile = options.rates === undefined ? undefined : await readRatesFile(options.rates);
  const connection = parseQueueUrl(options.queue, env);
  // The wait for Redis, at start and when lost mid-run: the run's --timeout / SVC_TIMEOUT.
  const waitMs = timeoutSetting(options.client?.timeoutMs, env) ?? CONNECT_WAIT_MS;
  const name = queueName(month);
  // Redis before anything else: a dead one is one line, with nothing printed, locked or made first.
  await loadQueuePeers();
  await probeRedis(connection, waitMs);
  // The month folder, the lock, the summary and front page (the runner) only once Redis has
  // answered: a dead Redis is said without loading them (figures in README.md).
  const { followRun } = await import('./_follow-run.js');
  return followRun(config, options, { connection, waitMs, name, month, env, ratesFile });
}
