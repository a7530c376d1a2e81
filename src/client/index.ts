export type { ReportingApi, PartnerApi, GatewayApi, KeyUsagePeriod, MonthlyUsagePeriod, CallOptions } from './api.js';
export { HttpPipeline, type HttpPipelineOptions, type RequestOptions, type QueryValue } from './client.js';
export { ReportingClient, type ReportingClientOptions } from './reporting-client.js';
export { PartnerClient, type PartnerClientOptions } from './partner-client.js';
export type { CommonClientOptions } from './_config.js';
export { checkKeyUsagePeriod, checkMonthlyUsagePeriod, splitRange, MAX_RANGE_DAYS } from './period.js';
export { mergeKeyUsage, type KeyUsageHead } from './merge-key-usage.js';
export { defaultUserAgent } from './user-agent.js';
export * from './errors/index.js';
