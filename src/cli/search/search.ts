import type { Command } from '../_program/command.js';
import { bool, choice, int, str } from '../_program/args.js';
import type { SearchRequest } from '../../model/index.js';
import { keyCommandOptions } from '../_gateway/key-command-options.js';
import { announceKey } from '../_gateway/announce-key.js';
import { plainText } from '../_output/sanitize.js';
import { outputWidth, styleFor } from '../_output/style.js';
import { wrap } from '../_output/wrap.js';
import { UsageError } from '../_program/usage-error.js';
import { timeoutOption } from '../_program/timeout.js';
import { jsonText } from '../_output/json-text.js';

/** `-n`/`--count`: 1 to 100, undefined when not given; the message names the flag as typed in the help, `-n`. */
function countFlag(args: Parameters<Command['run']>[1]): number | undefined {
  try {
    return int(args, 'count', 1, 100);
  } catch (e) {
    if (e instanceof UsageError) throw new UsageError(e.message.replace('--count', '-n (--count)'));
    throw e;
  }
}

export const searchCommand: Command = {
  name: 'search',
  summary: 'Search the web privately through the service (not billed)',
  usage: 'search <words> [-n N] [--engines L] [--categories C] [--time-range R]',
  examples: ['svc search rust async runtime', 'svc search -n 3 --time-range week "EU AI act"', 'svc search --categories news --json danish elections'],
  options: {
    count: { type: 'string', short: 'n', valueName: 'N', description: 'show at most N results (default 10; with --json, all the API sends)' },
    engines: { type: 'string', valueName: 'LIST', description: 'comma-separated search engines, e.g. duckduckgo,brave' },
    categories: { type: 'string', valueName: 'CAT', description: 'a category such as it, news, science' },
    'time-range': { type: 'string', valueName: 'RANGE', description: 'only results from the past day, week, month or year' },
    language: { type: 'string', valueName: 'CODE', description: 'two-letter language code, e.g. da' },
    json: { type: 'boolean', description: 'print the results as the API sends them' },
    ...keyCommandOptions,
    ...timeoutOption,
  },
  positionals: { min: 1, max: Number.MAX_SAFE_INTEGER, names: '<query words>' },
  async run(io, args) {
    const query = args.positionals.join(' ').trim();
    if (!query) throw new UsageError('the query is empty');
    const n = countFlag(args);
    const language = str(args, 'language');
    if (language !== undefined && !/^[a-z]{2}$/i.test(language)) throw new UsageError(`--language must be a two-letter code (got "${language}")`);
    const request: SearchRequest = { query };
    // The schema's list of ranges is the one source, but it brings zod: loaded only when the flag is given.
    const timeRange = str(args, 'time-range') === undefined ? undefined : choice(args, 'time-range', (await import('../../model/index.js')).SearchTimeRangeSchema.options);
    if (timeRange) request.time_range = timeRange;
    if (language) request.language = language.toLowerCase();
    const categories = str(args, 'categories');
    if (categories) request.categories = categories;
    const engines = str(args, 'engines');
    if (engines) request.engines = engines;

    // The gateway client loads only now: a bad flag value is refused without it.
    const { clientFor, explained, keyInUse } = await import('../_gateway/client-for.js');
    const key = await keyInUse(io, args);
    announceKey(io, args, key);
    const { response, raw } = await explained(io, key, clientFor(io, key.apiKey, key.gateway).searchJson(request));
    if (bool(args, 'json')) {
      // As the service sent it, every result and fields beyond the spec's (engine, score, …); cut only by an explicit -n.
      const sent = JSON.parse(raw) as { results: unknown[] };
      io.stdout.write(jsonText(n === undefined ? sent : { ...sent, results: sent.results.slice(0, n) }));
      return 0;
    }
    const shown = response.results.slice(0, n ?? 10);
    if (shown.length === 0) {
      io.stdout.write('No results.\n');
      return 0;
    }
    const s = styleFor(io.stdout, io.env);
    const width = outputWidth(io);
    const blocks = shown.map((r, i) => {
      const lines = [`${String(i + 1).padStart(2)}. ${s.bold(plainText(r.title) || '(no title)')}`, `    ${s.dim(plainText(r.url))}`];
      lines.push(...wrap(plainText(r.snippet), width, '    '));
      if (r.date.trim()) lines.push(`    ${plainText(r.date)}`);
      return lines.join('\n');
    });
    io.stdout.write(blocks.join('\n\n') + '\n');
    return 0;
  },
};
