// The edge proxy's 1010 rejection (spec §5.6; form in README Assumptions): no User-Agent, or the
// bare default one an HTTP library sends when the caller did not choose one.
const LIBRARY_DEFAULTS = [
  /^undici(\/|$)/i,
  /^node(\/|$)/i,
  /^node-fetch(\/|$)/i,
  /^axios(\/|$)/i,
  /^python-requests(\/|$)/i,
  /^python-urllib(\/|$)/i,
  /^python-httpx(\/|$)/i,
  /^aiohttp(\/|$)/i,
  /^go-http-client(\/|$)/i,
  /^java(\/|-http-client)/i,
  /^okhttp(\/|$)/i,
  /^got(\/|\s|$)/i,
];

export function isRejectedUserAgent(ua: string | undefined): boolean {
  const v = (ua ?? '').trim();
  if (!v) return true;
  return LIBRARY_DEFAULTS.some((re) => re.test(v));
}

export const EDGE_REJECTION_BODY = 'error code: 1010';
