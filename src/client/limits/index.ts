// client/limits: the API's period limits, the time limit (SVC_TIMEOUT) and the body size limits. Loads no
// HTTP client: commands check their flags with it before the client loads.
export { DEFAULT_MAX_RESPONSE_BYTES, bodyLimits } from './body-limits.js';
export { PERIOD_LIMITS, checkPeriodFields } from './period.js';
export type { CheckedKeyUsagePeriod, PeriodStyle } from './period.js';
export { TIMEOUT_RULE, timeoutMsFromSeconds, timeoutSetting } from '../timeout/index.js';
