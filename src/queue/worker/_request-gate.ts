import type { Dispatcher } from 'undici';

/** The least a client needs: ioredis's `eval` and `quit`. */
export interface GateRedis {
  eval(script: string, numKeys: number, ...args: Array<string | number>): Promise<unknown>;
  quit(): Promise<unknown>;
  disconnect(): void;
}

// The fixed-window counter BullMQ's limiter keeps per job, kept here per request: the first
// request of a window starts its one-second expiry; past `max`, the caller waits out the window.
const TAKE = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
if n <= tonumber(ARGV[1]) then return 0 end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) return tonumber(ARGV[2]) end
return ttl`;

const WINDOW_MS = 1000;

/**
 * `--rate N`: at most N requests to the reporting API in each one-second window, counted in
 * Redis so the cap holds across every worker of the run. A job of BullMQ counts organizations,
 * and an organization makes from four to dozens of requests, so the count is per request here,
 * taken before each attempt (retries included). Without a rate nothing is counted; while Redis
 * is unreachable requests go on uncounted (the worker cannot take or finish jobs then anyway).
 */
export class RequestGate {
  private rate: number | null = null;

  constructor(
    private readonly redis: () => GateRedis,
    private readonly key: string,
  ) {}

  /** The rate of the job being run (all jobs of a run carry the same). */
  setRate(rate: number | null): void {
    this.rate = rate;
  }

  /** Waits until this request may go. */
  async take(): Promise<void> {
    for (;;) {
      const max = this.rate;
      if (max === null) return;
      let wait: number;
      try {
        wait = Number(await this.redis().eval(TAKE, 1, this.key, max, WINDOW_MS));
      } catch {
        return;
      }
      if (!(wait > 0)) return;
      await new Promise((r) => setTimeout(r, wait));
    }
  }

  /** An undici interceptor that takes a permit before every request it dispatches. */
  readonly intercept: Dispatcher.DispatcherComposeInterceptor = (dispatch) => (opts, handler) => {
    if (this.rate === null) return dispatch(opts, handler);
    void this.take().then(() => {
      try {
        dispatch(opts, handler);
      } catch (e) {
        // What undici does with a request it cannot dispatch: the caller's request fails with the error.
        const err = e instanceof Error ? e : new Error(String(e));
        if (handler.onResponseError) handler.onResponseError(undefined as never, err);
        else handler.onError?.(err);
      }
    });
    return true;
  };
}
