// What each property of the served records means, in the spec's own words (reporting-api.md §2,
// gateway-and-cli.md §2) and, for the gateway's LiteLLM-shaped records the spec leaves "not
// shown", in the server README's (Gateway endpoint shapes). Kept beside the document rather than
// in src/model so the schemas stay about checking and the wording about the document.

/** The token group and the spend, the same meaning on every record that carries them (§2 Conventions). */
const TOKENS = {
  prompt_tokens: 'Input tokens: the whole input, including cache reads and writes (int64).',
  completion_tokens: 'Output tokens (int64).',
  total_tokens: 'All tokens: prompt_tokens + completion_tokens (int64).',
  request_count: 'Requests (int64).',
  cache_read_input_tokens: 'Input tokens read from the prompt cache; a subset of prompt_tokens (int64).',
  cache_creation_input_tokens: 'Input tokens written to the prompt cache; a subset of prompt_tokens (int64).',
};
const { request_count: _requests, ...TOKENS_BUT_REQUESTS } = TOKENS;
const SPEND_USD = 'Spend in US dollars as a decimal string; parse it as a decimal, never a float. Models the service hosts spend 0 (covered by the subscription).';
const SERVICE = 'Tokens and requests to service-hosted models (spend 0); with external it adds up to the enclosing figures.';
const EXTERNAL = 'Tokens and requests to every other model; usage attributed to no model counts here; its spend is the enclosing spend_usd.';
const USAGE = { spend_usd: SPEND_USD, ...TOKENS };
const KEY_FIELD_VALUE = 'boolean for a boolean field, the text for a text field, the chosen option\'s key for a select field';
const USD_DAY = 'USD spend of the day as a decimal string (USD only; convert with the month\'s dkk_spend / usd_spend).';
const PCT = 'percent as a decimal string (e.g. "-25.7"): the current calendar month, projected to a full-month run-rate (so far / days elapsed × days in month), against the previous month; null when either month is outside the returned window or the previous month is zero.';
const MODEL_LIST = 'model ids';

/** Description of a record (component) and of each of its properties; a dotted name reaches into an inline object. */
export const DESCRIPTIONS: Record<string, { record: string; properties: Record<string, string> }> = {
  // reporting-api.md
  OrgKeyUsage: {
    record: 'Usage per API key over the resolved period (response of key-usage).',
    properties: {
      org_id: 'The organization\'s id.',
      start_date: 'First day covered, inclusive (UTC).',
      end_date: 'Last day covered, inclusive (UTC); clamped to today.',
      key_fields: 'The organization\'s key fields in display order; labels for each entry\'s fields.',
      keys: 'One entry per API key, highest spend first.',
      totals: 'The organization\'s figures over the period.',
    },
  },
  KeyField: {
    record: 'One field of the organization\'s key schema.',
    properties: {
      key: 'Stable identifier (e.g. a team or privacy flag); never changes.',
      display_name: 'Label shown in the dashboard; may change.',
      type: 'text, boolean or select.',
      required: 'A key cannot be created, nor its fields saved, without a value.',
      default_value: `Pre-filled in the dashboard when creating a key (${KEY_FIELD_VALUE}); null when none. A key created through an API without a value does not get it.`,
      options: 'Choices of a select field in display order; empty otherwise.',
      sort_options_alphabetically: 'true (the default when absent): choices sorted by label ignoring case; false: in the given order.',
    },
  },
  KeyFieldOption: {
    record: 'One choice of a select field.',
    properties: {
      key: 'Stable key stored on keys; renaming the label renames it everywhere.',
      label: 'The text shown for the choice.',
    },
  },
  KeyFieldValue: { record: `A key field's value: ${KEY_FIELD_VALUE}.`, properties: {} },
  OrgKeyUsageEntry: {
    record: 'One API key\'s usage over the period.',
    properties: {
      id: 'The key id.',
      name: 'The key\'s name; a key deleted since it spent is still reported, named "(deleted key)" or by its last alias.',
      key_prefix: 'The first characters of the key, to recognise it.',
      ...USAGE,
      models: 'Per model; empty when the key has no activity in the period. May sum to slightly less than the key\'s figures when usage was recorded without a model.',
      service: SERVICE,
      external: EXTERNAL,
      fields: 'The key\'s field values today (not at usage time) by field key; empty for a deleted key.',
      product: 'What the key is for (connect, dev, service); null for ordinary or deleted keys.',
      recipient_email: 'Who the key was sent to (trimmed, lower-cased), for keys handed out from the connect page; otherwise null; absent for deleted keys.',
    },
  },
  OrgModelUsage: {
    record: 'Usage of one model: per key (OrgKeyModelUsage) or the organization-wide roll-up.',
    properties: {
      model: 'The model as named in the request.',
      ...USAGE,
      service_hosted: 'true when the service hosts the model itself (spend 0, covered by the subscription).',
    },
  },
  OrgKeyModelUsage: { record: 'Usage of one model by one key; the same shape as OrgModelUsage.', properties: {} },
  OrgProviderUsage: {
    record: 'Usage per upstream provider: a coarser cut than models.',
    properties: { provider: 'Provider slug; hosted_vllm is used for service-hosted models.', ...USAGE },
  },
  UsageSlice: {
    record: 'Tokens and requests of one side of the hosted/external split; no spend field (the hosted side spends 0, the external side\'s spend is the enclosing spend_usd).',
    properties: { ...TOKENS },
  },
  OrgKeyUsageTotals: {
    record: 'The organization\'s figures over the period.',
    properties: {
      ...USAGE,
      models: 'Every model used, highest spend first, then most tokens first; empty when no activity; may sum slightly below the totals.',
      providers: 'Every upstream provider, highest spend first; hosted traffic may appear as hosted_vllm at zero spend but not reliably (use service/external for that split); empty when nothing was recorded.',
      service: 'Tokens and requests to service-hosted models; together with external adds up to the totals.',
      external: EXTERNAL,
      by_field: 'Usage grouped by each key field, in the order of key_fields; empty when the organization has no key fields.',
    },
  },
  OrgKeyFieldUsage: {
    record: 'Usage grouped by one key field, by the values keys hold now; the groups add up to the totals.',
    properties: {
      key: 'The field\'s stable key.',
      display_name: 'The field\'s label.',
      type: 'text, boolean or select.',
      groups: 'A select field lists every option in schema order, a boolean true then false, each even when no key holds it; a text field the texts its keys hold, highest spend first. The group of keys with no value comes last, only when such keys exist.',
    },
  },
  OrgKeyFieldGroupUsage: {
    record: 'The keys holding one value of a key field, and their usage.',
    properties: {
      key_count: 'Keys in the group (int64); zero for an unpicked option or yes/no.',
      ...USAGE,
      service: SERVICE,
      external: EXTERNAL,
      label: 'The option\'s label, the text, or Yes / No; null together with value.',
      value: `The value (${KEY_FIELD_VALUE}); null for keys with no value, including keys deleted since they spent.`,
    },
  },
  OrgMonthlyUsage: {
    record: 'Usage per calendar month (response of monthly-usage).',
    properties: {
      org_id: 'The organization\'s id.',
      months: 'One entry per calendar month, oldest first.',
      summary: 'Totals and changes over the returned months.',
      available_years: 'Calendar years the organization can have data for, from its creation year to the current year (int32).',
    },
  },
  MonthlyUsageEntry: {
    record: 'One calendar month\'s usage.',
    properties: {
      month: 'First day of the month (YYYY-MM-DD).',
      usd_spend: 'USD spend of the month as a decimal string; always present.',
      dkk_spend: 'DKK spend as a decimal string at the month\'s stored USD→DKK rate; null when no rate exists for the month. For the current month with no stored rate it is estimated from the most recent stored rate (rate_estimated true).',
      rate_estimated: 'true when dkk_spend uses an estimated rate; false when the rate is stored or there is no DKK value.',
      ...TOKENS,
      days: 'One entry per UTC calendar day, oldest first, up to today for the current month, zero for days without usage; the days add up to the month.',
    },
  },
  DailyUsageEntry: {
    record: 'One UTC calendar day\'s usage.',
    properties: { date: 'The day (YYYY-MM-DD, UTC).', usd_spend: USD_DAY, ...TOKENS },
  },
  OrgUsageSummary: {
    record: 'Totals over the returned months and the current month\'s change against the previous one.',
    properties: {
      total_usd_spend: 'USD spend of the returned months as a decimal string.',
      total_dkk_spend: 'DKK spend of the returned months as a decimal string; null when a month that spent has no DKK value.',
      total_tokens: 'All tokens of the returned months (int64).',
      total_requests: 'Requests of the returned months (int64).',
      usd_spend_change_pct: `Change of USD spend in ${PCT}`,
      tokens_change_pct: `Change of tokens in ${PCT}`,
      requests_change_pct: `Change of requests in ${PCT}`,
    },
  },
  OrgPlanCost: {
    record: 'The monthly plan cost (response of plan-cost); it excludes token usage. Amounts are minor units of currency from the price set in that currency, never converted.',
    properties: {
      currency: 'The requested currency (DKK by default).',
      seats: 'Dev seats ordered across plans; every ordered seat is billed, used or not (int32).',
      lines: 'One per product the organization has that has a price.',
      missing: 'Products without a price yet.',
      total_monthly_cents: 'Sum of all line_total_cents, in minor units of currency (int64).',
      core_plan: 'The core plan (starter, small, medium, large); null when none.',
      company_size_tier: 'Carried by the service\'s example; its type and values are not shown in the spec.',
    },
  },
  OrgPlanCostLine: {
    record: 'One priced product of the subscription.',
    properties: {
      service: 'The product\'s service (PricingService).',
      type: 'The product\'s type (PricingType).',
      is_per_user: 'true: billed per seat with quantity = seats; false: flat.',
      unit_price_cents: 'Price per unit in minor units (int32); for a part-month line the price for those days.',
      quantity: 'Seats for per-user lines, otherwise 1 (int32).',
      line_total_cents: 'unit_price_cents × quantity, in minor units (int64).',
      custom_price: 'true when the price is agreed with the organization rather than the list price.',
      period: 'The days covered when the line covers only part of a month (e.g. seats added mid-month); null otherwise.',
      plan: 'The dev plan (go, pro, max) of a dev line; one dev line per plan with seats; null otherwise.',
      core_plan: 'The core plan on a core line at list price; null on other products and on an agreed price.',
    },
  },
  PlanCostPeriod: {
    record: 'The days a part-month line covers, inclusive.',
    properties: { first_day: 'First day covered (YYYY-MM-DD).', last_day: 'Last day covered (YYYY-MM-DD).' },
  },
  OrgPlanCostMissing: {
    record: 'A product with no plan or agreed price, or a dev plan with seats but no price.',
    properties: { service: 'The product\'s service.', type: 'The product\'s type.', plan: 'The dev plan with seats but no price; null otherwise.' },
  },
  InvoiceSummary: {
    record: 'One invoice in the list, newest first.',
    properties: {
      id: 'The invoice\'s uuid.',
      invoice_number: 'The invoice number.',
      status: 'issued (in force) or void (kept, never deleted, stamped VOID on its PDF).',
      period_start: 'First day of the period invoiced.',
      issued_at: 'When it was issued (ISO 8601).',
      due_at: 'Payment due date.',
      currency: 'Currency of the amounts.',
      total_cents: 'Total including VAT, in minor units (øre for DKK) (int64).',
    },
  },
  Invoice: {
    record: 'One invoice, immutable; money in integer minor units (øre for DKK). Totals are computed from plan + usage, not from lines.',
    properties: {
      id: 'The invoice\'s uuid.',
      org_id: 'The invoiced organization\'s id.',
      invoice_number: 'The invoice number.',
      status: 'issued (in force) or void (kept, never deleted, stamped VOID on its PDF).',
      period_start: 'First day of the period invoiced.',
      period_end: 'Last day of the period invoiced, inclusive.',
      issued_at: 'When it was issued (ISO 8601).',
      due_at: 'Payment due date.',
      currency: 'Currency of the amounts.',
      language: 'Language of the invoice (da or en), frozen at issue.',
      subscription_subtotal_cents: 'Subscription (plan) part before VAT, minor units (int64).',
      usage_subtotal_cents: 'Usage part before VAT, minor units (int64).',
      subtotal_cents: 'Amount before VAT, minor units (int64).',
      total_cents: 'Amount including VAT, minor units (int64).',
      vat_cents: 'VAT, minor units (int64).',
      vat_rate_bps: 'VAT rate in basis points, e.g. 2500 = 25 % (int32).',
      usd_dkk_rate: 'DKK per USD used for the usage part, as a decimal string; null when none applies.',
      seller: 'The seller, frozen at issue.',
      buyer: 'The buyer, frozen at issue.',
      lines: 'The invoice lines in sort_order.',
    },
  },
  InvoiceSeller: {
    record: 'The seller as printed on the invoice, frozen at issue.',
    properties: {
      legal_name: 'Legal name.', address: 'Postal address.', cvr: 'Danish CVR (company registration) number.', vat: 'VAT number.',
      email: 'E-mail address.', bank: 'Bank account for payment.',
    },
  },
  InvoiceBuyer: {
    record: 'The buyer as printed on the invoice, frozen at issue.',
    properties: {
      legal_name: 'Legal name.', attention: 'Person or department the invoice is for.', address_line1: 'First address line.',
      address_line2: 'Second address line.', postal_code: 'Postal code.', city: 'City.', country: 'Country.',
      cvr: 'Danish CVR (company registration) number.', vat: 'VAT number.', ean: 'EAN (GLN) number for public e-invoicing.',
      payment_reference: 'Reference to give with the payment.', email: 'E-mail address; null when none.',
    },
  },
  InvoiceLine: {
    record: 'One line of an invoice. usage_provider lines are informational: an of-which-provider split of the single usage line directly above them, summing exactly to it; they are not charged.',
    properties: {
      sort_order: 'Position of the line on the invoice (int32).',
      kind: 'subscription, usage, usage_provider or dev_overage.',
      description: 'The line\'s text.',
      quantity: 'Quantity (int32).',
      unit_price_cents: 'Price per unit, minor units (int64).',
      line_total_cents: 'Line amount, minor units (int64).',
    },
  },
  PartnerStatus: {
    record: 'Every organization the partner serves and its keys, checked against the recommended models (response of partner status).',
    properties: {
      org_id: 'The partner\'s own organization id.',
      name: 'The partner\'s name.',
      key_count: 'The partner\'s keys across its customers.',
      keys_missing_recommended: 'Keys missing a recommended model the customer may use.',
      profiles: 'What each kind of key is checked against.',
      customers: 'Each organization the partner serves, with its allowed models and the partner\'s keys there.',
    },
  },
  PartnerCustomerKeys: {
    record: 'One customer organization of the partner.',
    properties: {
      customer: 'The organization.',
      allowed_models: 'Models a key there may have (a model with no product is offered to nobody), recommended ones marked.',
      keys: 'The partner\'s keys in the organization.',
    },
  },
  PartnerCustomer: {
    record: 'A customer organization.',
    properties: { org_id: 'The organization\'s id.', name: 'The organization\'s name.', key_count: 'The partner\'s keys there.' },
  },
  PartnerModel: {
    record: 'A model on a customer\'s allow-list.',
    properties: {
      id: 'Model id.', name: 'Model name.', product: 'core, dev or router; null means the model is offered to nobody.',
      connect: 'On the allow-list as one of the organization\'s connect models.',
    },
  },
  PartnerProfile: {
    record: 'One kind of key (e.g. chat or vault) and what it is checked against.',
    properties: {
      id: 'The profile\'s uuid.', name: 'The profile\'s name.', key_count: 'Keys of this profile.',
      recommended: 'The recommended models (ids).',
      follows_router: 'true: the recommendation follows the router models, so a new one is recommended at once; false: a fixed set the service keeps, and the partner cannot change the keys\' models.',
    },
  },
  PartnerKey: {
    record: 'One partner key, checked against its profile\'s recommendation.',
    properties: {
      id: 'The key id.', name: 'The key\'s name.', key_prefix: 'The first characters of the key.', created_at: 'When the key was created (ISO 8601).',
      profile_id: 'Its profile\'s uuid.', profile_name: 'Its profile\'s name.', models: `The key's ${MODEL_LIST}.`,
      recommended_models: 'Its profile\'s recommendation, what the key is checked against.',
      has_recommended: 'true means the key is up to date.',
      missing_recommended: 'Recommended and allowed there but not on the key: what to add.',
      not_allowed: 'Recommended but not on the organization\'s allow-list.',
      extra: 'On the key beyond the recommended list.',
      no_longer_offered: 'On the key but no longer offered to the organization; stays until the partner removes it.',
      locked: 'The profile is a fixed set: the key\'s models cannot be changed.',
    },
  },
  // gateway-and-cli.md
  KeyFieldsRecord: {
    record: 'The fields an organization has set on the calling API key.',
    properties: { key_name: 'The key\'s name.', fields: 'The organization\'s key fields with this key\'s values, in display order.' },
  },
  KeyFieldsEntry: {
    record: 'One key field and the calling key\'s value.',
    properties: {
      key: 'Stable field identifier.', display_name: 'The field\'s label.', type: 'text, boolean or select.',
      value: 'true/false, the text, or for a select field the choice\'s key; null when the key has no value.',
      value_label: 'Label of the chosen option for a select field; null otherwise.',
    },
  },
  SearchRequest: {
    record: 'A web search; the service queries public search engines without the key, account, IP address or cookies, and does not store the query.',
    properties: {
      query: 'The search text.',
      time_range: 'day, week, month or year: only results from the past period.',
      language: 'Two-letter language code.',
      categories: 'A category of the metasearch engine, e.g. it, news, science.',
      engines: 'Comma-separated list of engines.',
    },
  },
  SearchResponse: { record: 'The results of a search.', properties: { results: 'The results, best first.' } },
  SearchResult: {
    record: 'One search result.',
    properties: { title: 'Title.', url: 'Address.', snippet: 'Excerpt.', date: 'Date as the engine reported it; often empty because engines rarely report one.' },
  },
  // LiteLLM-shaped gateway records (server README, Gateway endpoint shapes)
  KeyInfoResponse: { record: 'Response of GET /key/info.', properties: { key: 'The key id.', info: 'The key\'s details.' } },
  KeyInfo: {
    record: 'The calling key\'s details (LiteLLM\'s shape, money as decimal strings).',
    properties: {
      key_alias: 'The key\'s alias or name.', key_name: 'The key masked, e.g. "sk-...f00d".', org_id: 'Its organization\'s id; null for a key of no organization.',
      spend: 'USD spent this calendar month, decimal string.', max_budget: 'Monthly spend limit in USD (decimal string); null when none.',
      budget_duration: '"1mo" when the key has a monthly limit; null otherwise.', budget_reset_at: 'When the monthly limit resets (ISO 8601); null without a limit.',
      blocked: 'true when the monthly limit is reached; the key works again when it resets.', models: 'Ids of the models the key may use.',
      usage_shared: 'Whether the organization\'s usage is shared with it (else daily activity answers 403).',
      credits: 'The organization\'s prepaid credits, shared by all its keys; null when it does not pay with credits.',
      dev_plan: 'The dev plan of the seat holder the key belongs to; null otherwise.',
    },
  },
  KeyCredits: {
    record: 'Prepaid credits of the key\'s organization, shared by all its keys; drawn at credit prices, so they fall slightly faster than the costs shown.',
    properties: { balance_usd: 'Balance left in USD, decimal string (never below 0).' },
  },
  KeyDevPlan: {
    record: 'A dev seat holder\'s plan and its token allowance this month.',
    properties: {
      plan: 'go, pro or max.', tokens_used: 'Tokens used this month; cache reads count a tenth (int64).',
      tokens_included: 'Tokens the plan includes per month (int64).', period_start: 'First day of the allowance\'s month.',
    },
  },
  ModelInfoResponse: { record: 'Response of GET /v1/model/info: only models the key may use.', properties: { data: 'The models.' } },
  ModelInfo: {
    record: 'One model the key may use.',
    properties: {
      model_name: 'The model\'s id, as named in requests.', litellm_params: 'How the gateway routes it.',
      'litellm_params.model': 'provider/model.', model_info: 'Limits, prices per token and capabilities.',
    },
  },
  ModelInfoDetails: {
    record: 'A model\'s limits, prices per token and capabilities.',
    properties: {
      mode: 'Kind of model (LiteLLM\'s modes: chat, embedding, audio_transcription, …).',
      max_input_tokens: 'Context window in tokens; null when unknown.', max_output_tokens: 'Longest output in tokens; null when unknown.',
      input_cost_per_token: 'USD per input token, decimal string; null when unknown.', output_cost_per_token: 'USD per output token, decimal string; null when unknown.',
      cache_read_input_token_cost: 'USD per token read from the prompt cache, decimal string; null when none.',
      cache_creation_input_token_cost: 'USD per token written to the prompt cache, decimal string; null when none.',
      supports_function_calling: 'Takes tool calls.', supports_reasoning: 'Reasons before answering.', supports_vision: 'Takes image input.',
      supports_pdf_input: 'Takes PDF input.', supports_prompt_caching: 'Caches prompts.',
      supported_reasoning_levels: 'Accepted reasoning levels; null when none are listed.', service_hosted: 'Hosted by the service itself (spend 0, covered by the subscription).',
    },
  },
  DailyActivityResponse: {
    record: 'Response of GET /user/daily/activity: the calling key\'s usage, one result per UTC day, oldest first.',
    properties: {
      results: 'One result per UTC day of the range, oldest first.', metadata: 'Totals over the range.',
      'metadata.total_spend': 'USD spend, decimal string.', 'metadata.total_prompt_tokens': TOKENS.prompt_tokens,
      'metadata.total_completion_tokens': TOKENS.completion_tokens, 'metadata.total_cache_read_input_tokens': TOKENS.cache_read_input_tokens,
      'metadata.total_cache_creation_input_tokens': TOKENS.cache_creation_input_tokens, 'metadata.total_tokens': TOKENS.total_tokens,
      'metadata.total_api_requests': 'Requests (int64).',
      'metadata.page': 'This answer\'s page (LiteLLM\'s pagination; always 1 here).', 'metadata.total_pages': 'Pages of the range (always 1 here).',
      'metadata.has_more': 'Whether a page follows (always false here: every day is on page 1).',
    },
  },
  DailyActivity: {
    record: 'One UTC day of the calling key\'s usage.',
    properties: {
      date: 'The day (YYYY-MM-DD, UTC).', metrics: 'The day\'s figures, usage without a model included.',
      breakdown: 'The day\'s figures per model.', 'breakdown.models': 'By model id; usage recorded without a model has no entry.',
      'breakdown.models.metrics': 'The model\'s figures that day.',
    },
  },
  ActivityMetrics: {
    record: 'Spend and tokens of a day or a model.',
    properties: { spend: 'USD spend, decimal string.', ...TOKENS_BUT_REQUESTS, api_requests: 'Requests (int64).' },
  },
  Error: {
    record: 'Every error body (the spec does not show their shape).',
    properties: { error: 'A stable code, e.g. invalid_period, usage_not_shared.', message: 'What went wrong, naming the parameter or field.' },
  },
};
