import type { Command } from '../_program/command.js';
import { bool, str } from '../_program/args.js';
import type { ModelInfo } from '../../model/index.js';
import { UsageError } from '../_program/usage-error.js';
import { clientFor, explained, keyInUse } from '../_gateway/client-for.js';
import { keyCommandOptions } from '../_gateway/key-command-options.js';
import { announceKey } from '../_gateway/announce-key.js';
import { BELOW_SHOWN, perMillion, priceCell, tokensCell } from '../_gateway/model-prices.js';
import { plainText } from '../_output/sanitize.js';
import { outputWidth, styleFor } from '../_output/style.js';
import { renderTable } from '../_output/table.js';
import { timeoutOption } from '../_program/timeout.js';
import { wrap } from '../_output/wrap.js';
import { jsonText } from '../_output/json-text.js';

/** LiteLLM's model modes: a filter naming one of them that matches nothing is an answer, not a typo. */
const KNOWN_MODES = ['audio_speech', 'audio_transcription', 'chat', 'completion', 'embedding', 'image_generation', 'moderation', 'realtime', 'rerank', 'responses'];

const fixed = (d: { toFixed(): string } | null) => (d === null ? null : d.toFixed());

/** One model as `--json` prints it: exact prices per 1M tokens as decimal strings. */
function modelJson(m: ModelInfo): Record<string, unknown> {
  const i = m.model_info;
  return {
    model: m.model_name,
    mode: i.mode,
    context_window: i.max_input_tokens,
    max_output_tokens: i.max_output_tokens,
    usd_per_1m_input_tokens: fixed(perMillion(i.input_cost_per_token)),
    usd_per_1m_output_tokens: fixed(perMillion(i.output_cost_per_token)),
    usd_per_1m_cache_read_tokens: fixed(perMillion(i.cache_read_input_token_cost)),
    usd_per_1m_cache_write_tokens: fixed(perMillion(i.cache_creation_input_token_cost)),
    supports: {
      tool_calls: i.supports_function_calling,
      reasoning: i.supports_reasoning,
      image_input: i.supports_vision,
      pdf_input: i.supports_pdf_input,
      prompt_caching: i.supports_prompt_caching,
    },
    reasoning_levels: i.supported_reasoning_levels,
    service_hosted: i.service_hosted,
  };
}

export const modelsCommand: Command = {
  name: 'models',
  summary: 'List the models the key can use, with limits, prices and capabilities',
  usage: 'models [--mode KIND] [--json]',
  examples: ['svc models', 'svc models --mode embedding', 'svc models --json | jq ".[] | select(.supports.reasoning)"'],
  options: {
    mode: { type: 'string', valueName: 'KIND', description: 'only this kind: chat, embedding, audio_transcription, ...' },
    json: { type: 'boolean', description: 'exact prices, cache prices and reasoning levels as JSON' },
    ...keyCommandOptions,
    ...timeoutOption,
  },
  async run(io, args) {
    const key = await keyInUse(io, args);
    announceKey(io, args, key);
    const all = await explained(io, key, clientFor(io, key.apiKey, key.gateway).getModelInfo());
    const mode = str(args, 'mode');
    const models = all.filter((m) => mode === undefined || m.model_info.mode === mode).sort((a, b) => (a.model_name < b.model_name ? -1 : 1));
    const modes = [...new Set(all.map((m) => m.model_info.mode))].sort();
    if (mode !== undefined && models.length === 0 && !KNOWN_MODES.includes(mode)) {
      throw new UsageError(`--mode "${mode}" is not a kind of model (known: ${KNOWN_MODES.join(', ')})`);
    }
    if (mode !== undefined && models.length === 0 && !bool(args, 'json')) {
      io.stdout.write(`This key can use no ${mode} models${modes.length ? ` (kinds it can use: ${modes.join(', ')})` : ''}.\n`);
      return 0;
    }
    if (bool(args, 'json')) {
      io.stdout.write(jsonText(models.map(modelJson)));
      return 0;
    }
    if (models.length === 0) {
      io.stdout.write('This key can use no models.\n');
      return 0;
    }
    const s = styleFor(io.stdout, io.env);
    const yes = (b: boolean) => (b ? 'yes' : '-');
    const rows = models.map(({ model_name, model_info: i }) => [
      plainText(model_name),
      tokensCell(i.max_input_tokens),
      tokensCell(i.max_output_tokens),
      priceCell(i.input_cost_per_token),
      priceCell(i.output_cost_per_token),
      yes(i.supports_function_calling),
      yes(i.supports_reasoning),
      yes(i.supports_vision),
      yes(i.supports_pdf_input),
      yes(i.supports_prompt_caching),
    ]);
    const r = 'right' as const;
    // On a narrow terminal the capabilities go first (CACHE, PDF, IMG …); name and prices always stay.
    const columns = [
      { header: 'MODEL', flex: true, min: 12 },
      { header: 'CONTEXT', align: r, drop: 7 },
      { header: 'OUTPUT', align: r, drop: 4 },
      { header: 'IN/1M', align: r },
      { header: 'OUT/1M', align: r },
      { header: 'TOOL', drop: 6 },
      { header: 'RSN', gap: 1, drop: 5 },
      { header: 'IMG', gap: 1, drop: 3 },
      { header: 'PDF', gap: 1, drop: 2 },
      { header: 'CACHE', gap: 1, drop: 1 },
    ];
    const width = outputWidth(io);
    io.stdout.write(renderTable(columns, rows, width, s));
    const tiny = rows.some((row) => row.includes(BELOW_SHOWN)) ? ` ${BELOW_SHOWN}: above zero, less than $0.0001.` : '';
    const legend = `IN/OUT: US$ per 1M tokens.${tiny} TOOL tool calls, RSN reasoning, IMG image input, PDF PDF input, CACHE prompt caching. Exact figures: --json.`;
    io.stdout.write(wrap(legend, width, '').map(s.dim).join('\n') + '\n');
    return 0;
  },
};
