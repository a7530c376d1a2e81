import { ConfigurationError } from './errors/common/configuration-error.js';
import type { HttpPipelineOptions } from './http-pipeline.js';
import { timeoutSetting } from './timeout/timeout-setting.js';
import type { CommonClientOptions } from './client-options.js';

/** An option, else the environment variable; a clear ConfigurationError naming the variable when neither is set. */
export function setting(value: string | undefined, env: Record<string, string | undefined>, name: string, what: string, hint: string): string {
  const v = value ?? env[name];
  if (v === undefined || v.trim() === '') throw new ConfigurationError(`${what} is not set: set ${name}`, hint, name);
  return v.trim();
}

/** The pipeline options shared by the reporting and partner clients. */
export function pipelineOptions(
  o: CommonClientOptions,
  token: string,
  credential: string,
  publicValues: readonly string[] = [],
): HttpPipelineOptions {
  const env = o.env ?? process.env;
  const baseUrl = setting(o.baseUrl, env, 'SVC_BASE_URL', 'the reporting API base URL', 'e.g. SVC_BASE_URL=https://reporting.example.com, or the baseUrl option');
  if (!/^https?:\/\/[^/\s]+/i.test(baseUrl)) {
    throw new ConfigurationError(
      `the reporting API base URL "${baseUrl}" is not an http:// or https:// URL`,
      'fix SVC_BASE_URL or the baseUrl option, e.g. https://reporting.example.com',
      'SVC_BASE_URL',
      'malformed',
    );
  }
  const timeoutMs = timeoutSetting(o.timeoutMs, env);
  return {
    baseUrl,
    token,
    credential,
    publicValues,
    service: { name: 'the reporting API', exampleUrl: 'https://reporting.example.com', ...(o.baseUrl === undefined ? { urlSetting: 'SVC_BASE_URL' } : {}) },
    ...(o.userAgent !== undefined ? { userAgent: o.userAgent } : {}),
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
    ...(o.maxResponseBytes !== undefined ? { maxResponseBytes: o.maxResponseBytes } : {}),
    ...(o.maxRetries !== undefined ? { maxRetries: o.maxRetries } : {}),
    ...(o.dispatcher !== undefined ? { dispatcher: o.dispatcher } : {}),
    ...(o.retry !== undefined ? { retry: o.retry } : {}),
    ...(o.logger !== undefined ? { logger: o.logger } : {}),
    ...(o.onWarning !== undefined ? { onWarning: o.onWarning } : {}),
  };
}
