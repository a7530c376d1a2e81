import type { Dataset } from '../dataset/dataset.js';
import { addMonths, formatDay, monthStart } from '../_days.js';
import { formatMicro } from '../_micro.js';
import { isBlocked, monthToDate, type CallingKey } from './_api-key.js';

/** `sk-...f00d`: enough to recognise a key, never enough to use it. */
export function maskKey(apiKey: string): string {
  return `${apiKey.slice(0, 3)}...${apiKey.slice(-4)}`;
}

/** Models the key may call: its own list, or the organization's allow-list when it has none; only offered models (Dataset.offeredModels). */
export function keyModels(ds: Dataset, k: CallingKey): string[] {
  if (!k.org || !k.key) return [];
  const list = k.key.models.length ? k.key.models : k.org.raw.allowed_models;
  return list.filter((m) => ds.offeredModels.has(m));
}

/**
 * LiteLLM-shaped `GET /key/info` (README Assumptions). Dev-plan tokens used count cache reads at
 * a tenth (rounded down): prompt − cache read + ⌊cache read / 10⌋ + completion.
 */
export async function keyInfo(ds: Dataset, k: CallingKey) {
  const used = await monthToDate(ds, k);
  const limit = k.key?.monthly_limit_usd ?? null;
  const plan = k.key?.dev_plan ?? null;
  return {
    key: k.keyId,
    info: {
      key_alias: k.key?.alias ?? k.key?.name ?? k.keyId,
      key_name: maskKey(k.apiKey),
      org_id: k.org?.raw.org_id ?? null,
      spend: formatMicro(used.spendMicro),
      max_budget: limit,
      budget_duration: limit ? '1mo' : null,
      budget_reset_at: limit ? `${formatDay(addMonths(ds.today, 1))}T00:00:00Z` : null,
      blocked: k.org ? await isBlocked(ds, k) : false,
      models: keyModels(ds, k),
      usage_shared: k.org?.raw.shares.usage ?? false,
      credits: k.org?.raw.credits ?? null,
      dev_plan: plan
        ? {
            plan,
            tokens_used: used.prompt - used.cacheRead + Math.floor(used.cacheRead / 10) + used.completion,
            tokens_included: ds.meta.dev_plans[plan]?.tokens_included ?? 0,
            period_start: formatDay(monthStart(ds.today)),
          }
        : null,
    },
  };
}
