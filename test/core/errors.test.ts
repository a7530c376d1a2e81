// One base class for the package's errors (issue 14, "The public API"): SvcError with type guards,
// and a message that can never carry a control character to a terminal.
import { describe, expect, test } from 'vitest';
import {
  ApiError, ConfigurationError, ConnectionError, InvalidRequestError, OutputPathError, OutputWriteError, ResponseSchemaError,
  ResponseTooLargeError, RunConfigError, SchemaError, SvcError, isApiError, isSvcError,
} from '../../src/index.js';
import { UsageError } from '../../src/cli/_program/usage-error.js';

describe('SvcError', () => {
  test('is the base of the package\'s errors, and only of those', () => {
    const ours = [
      new ApiError('x', 500, 'GET /'), new ConnectionError('GET /', 'http://h', 'ECONNRESET'), new ResponseSchemaError('GET /', '$', 'bad', 200),
      new ResponseTooLargeError('GET /', 200, 'records', 1), new ConfigurationError('x'), new InvalidRequestError('f', 'bad'),
      new SchemaError('invoice', '$', 'bad'), new RunConfigError('runs.json', '$', 'bad'), new UsageError('x'),
      new OutputPathError('/p', 'a FIFO (named pipe)'), new OutputWriteError('/p', Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' })),
    ];
    for (const e of ours) expect(isSvcError(e), e.name).toBe(true);
    expect(isSvcError(new TypeError('x'))).toBe(false);
    expect(isApiError(ours[1])).toBe(true);
    expect(isApiError(new ConfigurationError('x'))).toBe(false);
    expect(ours.every((e) => e instanceof SvcError && e instanceof Error)).toBe(true);
  });

  test('control characters in a message are shown escaped', () => {
    expect(new ApiError('bad \x1b]0;owned\x07 \u202etxt', 500, 'GET /').message).toBe('bad \\x1b]0;owned\\x07 \\u202etxt');
  });
});
