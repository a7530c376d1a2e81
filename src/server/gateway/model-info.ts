import { Decimal } from '../../money/index.js';
import type { Dataset } from '../dataset/dataset.js';
import { keyModels } from './key-info.js';
import type { CallingKey } from './_api-key.js';

const perToken = (perMillion: string | null) => (perMillion === null ? null : new Decimal(perMillion).dividedBy(1_000_000).toFixed());

/** LiteLLM-shaped `GET /v1/model/info` over the models the key may use; prices as decimal strings per token. */
export function modelInfo(ds: Dataset, k: CallingKey) {
  const byId = new Map(ds.models.map((m) => [m.id, m]));
  return {
    data: keyModels(ds, k).map((id) => {
      const m = byId.get(id)!;
      return {
        model_name: m.id,
        litellm_params: { model: `${m.provider}/${m.id}` },
        model_info: {
          mode: m.mode,
          max_input_tokens: m.max_input_tokens,
          max_output_tokens: m.max_output_tokens,
          input_cost_per_token: perToken(m.input_usd_per_mtok),
          output_cost_per_token: perToken(m.output_usd_per_mtok),
          cache_read_input_token_cost: perToken(m.cache_read_usd_per_mtok),
          cache_creation_input_token_cost: perToken(m.cache_write_usd_per_mtok),
          supports_function_calling: m.supports_function_calling,
          supports_reasoning: m.supports_reasoning,
          supports_vision: m.supports_vision,
          supports_pdf_input: m.supports_pdf_input,
          supports_prompt_caching: m.supports_prompt_caching,
          supported_reasoning_levels: m.supported_reasoning_levels,
          service_hosted: m.service_hosted,
        },
      };
    }),
  };
}
