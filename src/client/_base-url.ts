import { ConfigurationError } from './errors/common/configuration-error.js';
import type { ServiceName } from './pipeline-options.js';
import { shownUrl } from '../core/index.js';

/** The URL of `service`, checked; a ConfigurationError naming the service and its setting otherwise. */
export function parseBaseUrl(value: string, service: ServiceName): URL {
  const what = `the URL of ${service.name}${service.urlSetting ? ` (${service.urlSetting})` : ''}`;
  const hint = `${service.urlSetting ? `set ${service.urlSetting} to` : 'use'} e.g. ${service.exampleUrl ?? 'https://service.example.com'}`;
  // The variable the URL came from, else `baseUrl` (the option), so a caller can name its own flag.
  const setting = service.urlSetting ?? 'baseUrl';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigurationError(`${what} "${shownUrl(value)}" is not a URL`, hint, setting, 'malformed');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigurationError(`${what} "${shownUrl(value)}" must start with http:// or https://`, hint, setting, 'malformed');
  }
  if (url.username || url.password) {
    throw new ConfigurationError(`${what} must not contain a user name or password; keys and tokens go in the environment`, undefined, setting, 'malformed');
  }
  return url;
}
