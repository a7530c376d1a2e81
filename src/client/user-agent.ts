import { VERSION } from '../version.js';

/** The User-Agent every request sends: explicit and descriptive, so the edge proxy never sees a library default. */
export function defaultUserAgent(): string {
  return `svc/${VERSION} (node/${process.version})`;
}
