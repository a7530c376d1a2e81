// No bare RangeError or TypeError from a public function (issue 14, "The public API"): a value a
// JavaScript caller gets wrong is one of the package's errors (an SvcError) whose message starts
// with the field, argument or option it names. Called the way a caller would: through the root.
import { readFileSync } from 'node:fs';
import { inspect } from 'node:util';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import * as pkg from '../../src/index.js';
import * as queue from '../../src/queue.js';
import * as schemas from '../../src/schemas.js';

/** The error `run` throws or rejects with (a test fails when it returns). */
async function thrown(run: () => unknown): Promise<Error> {
  try {
    await run();
  } catch (e) {
    return e as Error;
  }
  throw new Error('expected an error, got a result');
}

const anyArg = (v: unknown) => v as never;
const client = (o: Record<string, unknown>) => () => new pkg.ReportingClient({ baseUrl: 'http://127.0.0.1:9', token: 'rt_x', orgId: 'org-x', env: {}, ...o });
const invoice = JSON.parse(readFileSync(fileURLToPath(new URL('../../samples/invoices/nordlys-2026-09.json', import.meta.url)), 'utf8')) as pkg.InvoiceJson;
const config = { base_url: 'http://127.0.0.1:9', organizations: [{ org_id: 'org-x', name: 'X', token_env: 'X_TOKEN' }] };

// [call, error class, the start of the message: the field it names]
const cases: Array<[string, () => unknown, new (...a: never[]) => Error, RegExp]> = [
  ['dec of a float', () => pkg.dec(0.1), pkg.InvalidAmountError, /^value: .*float 0\.1/],
  ['dec of a float, named', () => pkg.dec(0.1, 'rate'), pkg.InvalidAmountError, /^rate: /],
  // 9007199254740993 is ...992 by the time it is a number: the digits are already gone.
  ['dec of an integer past 2^53', () => pkg.dec(Number('9007199254740993')), pkg.InvalidAmountError, /^value: refusing to build a Decimal from 9007199254740992, past the integers a number holds exactly/],
  ['parseExchangeRates of a file that is no rates file', () => pkg.parseExchangeRates('garbage\n1,2,3\n', 'rates.csv'), pkg.ExchangeRatesError, /rates\.csv/],
  ['dec of text that is no number', () => pkg.dec('12,50'), pkg.InvalidAmountError, /^value: "12,50" is not a decimal number/],
  ['dec of NaN as text', () => pkg.dec('NaN'), pkg.InvalidAmountError, /^value: "NaN" is not a decimal number/],
  ['dec of null', () => pkg.dec(anyArg(null)), pkg.InvalidAmountError, /^value: must be a decimal string/],
  ['toMinorUnits past exact integers', () => pkg.toMinorUnits(pkg.dec('1e30')), pkg.UnsafeAmountError, /^major: /],
  ['toMinorUnits of text that is no number', () => pkg.toMinorUnits('twelve'), pkg.InvalidAmountError, /^major: /],
  ['toMinorUnits with fractional digits', () => pkg.toMinorUnits(pkg.dec('1'), 1.5), pkg.InvalidArgumentError, /^digits: /],
  ['fromMinorUnits of a fraction of an øre', () => pkg.fromMinorUnits(12.5), pkg.UnsafeAmountError, /^minor: 12\.5 /],
  ['allocateMinor with a fractional total', () => pkg.allocateMinor(10.5, ['1']), pkg.UnsafeAmountError, /^totalMinor: /],
  ['allocateMinor with a weight in exponent notation', () => pkg.allocateMinor(100, ['1', '2e3']), pkg.InvalidAmountError, /^weights\[1\]: /],
  ['allocateMinor without weights', () => pkg.allocateMinor(100, anyArg(undefined)), pkg.InvalidArgumentError, /^weights: /],
  ['formatMoney of a fraction of an øre', () => pkg.formatMoney(12.5, 'DKK'), pkg.InvalidArgumentError, /^minor: /],
  ['formatMoney in a currency the API does not use', () => pkg.formatMoney(100, anyArg('JPY')), pkg.InvalidArgumentError, /^currency: /],
  ['formatMoney in a language not installed', () => pkg.formatMoney(100, 'DKK', 'xx'), pkg.UnknownLanguageError, /^unknown language "xx"/],
  ['sumMinor with a fraction', () => pkg.sumMinor([1, 2.5]), pkg.UnsafeAmountError, /^values\[1\]: /],
  ['a client with a negative timeout', client({ timeoutMs: -1 }), pkg.InvalidRequestError, /^timeoutMs: /],
  ['a client with retries as text', client({ maxRetries: '3' }), pkg.InvalidRequestError, /^maxRetries: /],
  ['a client with a retry setting misspelt', client({ retry: { initialDelay: 5 } }), pkg.InvalidRequestError, /^retry\.initialDelay: /],
  ['a client with an organization id as a number', client({ orgId: 42 }), pkg.InvalidRequestError, /^orgId: must be a string/],
  ['a client with a token holding a line break', client({ token: 'rt_x\nrt_y' }), pkg.InvalidRequestError, /^token: /],
  ['a client with a User-Agent holding a line break', client({ userAgent: 'svc\r\nX-Evil: 1' }), pkg.InvalidRequestError, /^userAgent: /],
  // The spec asks for a descriptive User-Agent; an empty one was sent, and the edge proxy refused it (1010).
  ['a client with an empty User-Agent', client({ userAgent: '' }), pkg.InvalidRequestError, /^userAgent: must not be empty/],
  ['a client with a blank User-Agent', client({ userAgent: '   ' }), pkg.InvalidRequestError, /^userAgent: must not be empty/],
  ['a client with a logger that is no function', client({ logger: 'stderr' }), pkg.InvalidRequestError, /^logger: /],
  ['a gateway client with options null', () => new pkg.GatewayClient(anyArg(null)), pkg.InvalidRequestError, /^options: /],
  ['a partner client with a dispatcher that is none', () => new pkg.PartnerClient({ baseUrl: 'http://h', token: 'pt_x', env: {}, dispatcher: anyArg({}) }), pkg.InvalidRequestError, /^dispatcher: /],
  ['fetchCostReportData without a client', () => pkg.fetchCostReportData(anyArg(null), { month: '2026-10' }), pkg.InvalidArgumentError, /^client: /],
  ['fetchCostReportData with a month as a number', () => pkg.fetchCostReportData(client({})(), anyArg({ month: 202610 })), pkg.ReportPeriodError, /^month/],
  ['buildCostReport of nothing', () => pkg.buildCostReport(anyArg(null)), pkg.InvalidArgumentError, /^data: /],
  ['buildCostReport of data without keys', () => pkg.buildCostReport(anyArg({ period: { month: '2026-10' }, orgId: 'o', monthly: { months: [] }, months: [], previousMonth: null, keyUsage: { end_date: '2026-10-31' } })), pkg.InvalidArgumentError, /^data\.keyUsage\.keys: /],
  ['buildCostReport with options null', () => pkg.buildCostReport(anyArg({}), anyArg(null)), pkg.InvalidArgumentError, /^options: /],
  ['buildPartnerReport of a status without customers', () => pkg.buildPartnerReport(anyArg({ org_id: 'p', name: 'P' })), pkg.SchemaError, /^partner status: field /],
  ['buildPartnerReport with a language as a number', () => pkg.buildPartnerReport(anyArg({}), anyArg({ language: 5 })), pkg.InvalidArgumentError, /^options\.language: /],
  ['renderInvoicePdf with the language as options', () => pkg.renderInvoicePdf(invoice, anyArg('en')), pkg.InvalidRenderOptionError, /^options: /],
  ['renderInvoicePdf with a logo file name', () => pkg.renderInvoicePdf(invoice, anyArg({ logo: 'logo.png' })), pkg.InvalidRenderOptionError, /^logo: must be the bytes/],
  ['parseRecord without a schema', () => schemas.parseRecord(anyArg(undefined), {}, 'x'), pkg.InvalidArgumentError, /^schema: /],
  ['runMonthEnd without options', () => pkg.runMonthEnd(config, anyArg(undefined)), pkg.RunOptionError, /^options: /],
  ['runMonthEnd with the output folder as a number', () => pkg.runMonthEnd(config, anyArg({ outDir: 5 })), pkg.RunOptionError, /^outDir: must be a string/],
  ['runMonthEnd with onProgress that is no function', () => pkg.runMonthEnd(config, anyArg({ outDir: '/nonexistent/x', onProgress: 'log' })), pkg.RunOptionError, /^onProgress: /],
  ['runMonthEnd with a config object missing its organizations', () => pkg.runMonthEnd(anyArg({ base_url: 'http://h' }), { outDir: '/nonexistent/x' }), pkg.RunConfigError, /organizations/],
  ['runMonthEnd with a month that is none', () => pkg.runMonthEnd(config, { outDir: '/nonexistent/x', month: '2026-13' }), pkg.RunOptionError, /^month: must be a month written YYYY-MM \(got "2026-13"\)$/],
  ['runMonthEnd with 17 threads', () => pkg.runMonthEnd(config, { outDir: '/nonexistent/x', month: '2026-10', threads: 17 }), pkg.RunOptionError, /^threads: must be a whole number from 0 to 16$/],
  ['runMonthEndOnQueue with a rate of 0', () => queue.runMonthEndOnQueue(config, { outDir: '/nonexistent/x', month: '2026-10', queue: 'redis://127.0.0.1:9', rate: 0 }), pkg.RunOptionError, /^rate: must be a whole number from 1 to 100000$/],
  ['runMonthEndOnQueue without a queue', () => queue.runMonthEndOnQueue(config, anyArg({ outDir: '/nonexistent/x' })), pkg.RunOptionError, /^queue: is required/],
  ['startQueueWorker with a month that is none', () => queue.startQueueWorker({ queue: 'redis://127.0.0.1:9', month: '2026-13' }), pkg.RunOptionError, /^month: /],
  ['startQueueWorker with no concurrency', () => queue.startQueueWorker({ queue: 'redis://127.0.0.1:9', month: '2026-10', concurrency: 0 }), pkg.RunOptionError, /^concurrency: /],
  // An option that is none (misspelt, or another library's name for it) is refused naming it, never ignored.
  ['renderInvoicePdf with an option misspelt beside a good one', () => pkg.renderInvoicePdf(invoice, anyArg({ language: 'en', lang: 'en' })), pkg.InvalidRenderOptionError, /^lang: is not an option; the options are accentColor, embedXml, findings, language, logo$/],
  ['renderInvoicePdf with embedXml as text', () => pkg.renderInvoicePdf(invoice, anyArg({ embedXml: 'yes' })), pkg.InvalidRenderOptionError, /^embedXml: must be true or false$/],
  ['buildCostReport with an option misspelt', () => pkg.buildCostReport(anyArg({}), anyArg({ organisationName: 'X' })), pkg.InvalidArgumentError, /^options\.organisationName: is not an option/],
  ['a client with another library\'s name for the base URL', client({ baseURL: 'http://127.0.0.1:9' }), pkg.InvalidRequestError, /^baseURL: is not an option; the options are .*baseUrl/],
  ['a client with timeout for timeoutMs', client({ timeout: 5 }), pkg.InvalidRequestError, /^timeout: is not an option/],
  ['a gateway client with a misspelt key option', () => new pkg.GatewayClient(anyArg({ gatewayUrl: 'http://127.0.0.1:9', apikey: 'sk-x', env: {} })), pkg.InvalidRequestError, /^apikey: is not an option/],
  ['runMonthEnd with an option misspelt', () => pkg.runMonthEnd(config, anyArg({ outDir: '/nonexistent/x', month: '2026-10', languag: 'en' })), pkg.RunOptionError, /^languag: is not an option/],
  ['startQueueWorker with an option misspelt', () => queue.startQueueWorker(anyArg({ queue: 'redis://127.0.0.1:9', month: '2026-10', concurency: 2 })), pkg.RunOptionError, /^concurency: is not an option/],
  ['runMonthEndOnQueue with a queue URL that is none', () => queue.runMonthEndOnQueue(config, { outDir: '/nonexistent/x', queue: 'queue-host:6379' }), queue.QueueUrlError, /queue/],
];

describe('a wrong value is a package error naming it', () => {
  test.each(cases)('%s', async (_name, run, cls, message) => {
    const e = await thrown(run);
    expect(e).toBeInstanceOf(cls);
    expect(pkg.isSvcError(e)).toBe(true);
    expect(e.message).toMatch(message);
  });

  test('a token passed where an id or a period belongs is never quoted back (message, String, JSON, inspect)', async () => {
    const token = 'rt_nordlys_5f2c8e1a9b7d4c3e';
    const c = new pkg.ReportingClient({ baseUrl: 'http://127.0.0.1:9', token, orgId: 'org-nordlys', env: {} });
    const errors = [
      await thrown(() => c.getInvoice(token)),
      await thrown(() => c.getKeyUsage({ month: token })),
      await thrown(() => c.getMonthlyUsage(anyArg({ months: token }))),
      await thrown(() => c.getPlanCost(anyArg(token))),
      await thrown(() => new pkg.ReportingClient({ baseUrl: 'http://127.0.0.1:9', token, orgId: token, env: {} })),
    ];
    for (const e of errors) {
      expect(pkg.isSvcError(e), e.message).toBe(true);
      for (const shown of [e.message, String(e), JSON.stringify(e), inspect(e)]) expect(shown).not.toContain(token);
    }
    const key = 'sk-nl7g-0123456789abcdef';
    const gateway = new pkg.GatewayClient({ gatewayUrl: 'http://127.0.0.1:9', apiKey: key, env: {} });
    const daily = await thrown(() => gateway.getDailyActivity(anyArg({ start_date: key, end_date: '2026-10-31' })));
    for (const shown of [daily.message, String(daily), JSON.stringify(daily), inspect(daily)]) expect(shown).not.toContain(key);
    expect(errors[0]!.message).toBe('invoice id: must be a uuid (got "***")');
    expect(errors[4]!.message).toBe('the organization id holds the reporting token itself');
  });

  test('the money functions still take what they should', () => {
    expect(pkg.dec('12.50').toFixed(2)).toBe('12.50');
    expect(pkg.dec(42).toFixed()).toBe('42');
    expect(pkg.dec(10n ** 20n).toFixed()).toBe('100000000000000000000');
    // 12.345 DKK is 1234.5 øre, rounded half away from zero: 1235; a decimal string is taken too.
    expect(pkg.toMinorUnits('12.345')).toBe(1235);
    expect(pkg.toMinorUnits(pkg.dec('-12.345'))).toBe(-1235);
    expect(pkg.fromMinorUnits(1234).toFixed(2)).toBe('12.34');
    expect(pkg.sumMinor([1, 2, 3])).toBe(6);
  });
});

// An outside embedder review: the root exports the size caps every client starts from, and one
// module setting `DEFAULT_MAX_RESPONSE_BYTES.records = 10` made every new client of the process
// refuse every answer. They are frozen (a module is strict code: the write throws).
test('the response size defaults cannot be changed for every client of the process', () => {
  expect(Object.isFrozen(pkg.DEFAULT_MAX_RESPONSE_BYTES)).toBe(true);
  expect(() => { (pkg.DEFAULT_MAX_RESPONSE_BYTES as { records: number }).records = 10; }).toThrow(TypeError);
  expect(pkg.DEFAULT_MAX_RESPONSE_BYTES.records).toBe(64 * 1024 * 1024);
});
