/** A deliberate failure the reference server injects, for tests of retries and partial runs. */
export interface ServerFault {
  /** Matches the request path (string: exact path or prefix ending in `*`; or a RegExp). */
  path: string | RegExp;
  /** HTTP status to answer with (e.g. 500, 503, 429). */
  status: number;
  /** How many matching requests fail before the path works again; unlimited when omitted. */
  times?: number;
  /** Seconds sent in `Retry-After`. */
  retryAfter?: number;
  /** Milliseconds to wait before answering (for timeout tests). */
  delayMs?: number;
}

export interface ReferenceServerOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** 0 (default) picks any free port. */
  port?: number;
  /** Dataset folder; the bundled `samples/` when omitted. */
  dataDir?: string;
  /** `YYYY-MM-DD` the server treats as today (UTC); the dataset's own `today` when omitted. */
  today?: string;
  faults?: ServerFault[];
}

export interface ReferenceServer {
  /** e.g. `http://127.0.0.1:43567` (no trailing slash); serves both the reporting API and the gateway. */
  readonly url: string;
  /** The resolved "today" of this server. */
  readonly today: string;
  close(): Promise<void>;
}
