import { z } from 'zod';
import { availableLanguages } from '../../locale/index.js';
// parse.js alone: the model's index would load every record schema, which a config check never uses.
import { formatPath } from '../../model/parse/index.js';
import { RunConfigError } from './config-error.js';
import { withVisibleText } from '../../core/json/index.js';
import { visibleText } from '../../core/index.js';
import { jsonProblem } from '../../core/json/index.js';
import { BooksConfigSchema } from './books-config.js';

/** zod's type error: `missing` when the field is absent, else what it should be. */
function expected(what: string) {
  return (issue: { input?: unknown }) => (issue.input === undefined ? `missing (${what})` : `must be ${what}`);
}

// Capitals only: a name is then never mistaken for a token pasted in its place, which would
// otherwise be echoed in "variable ... is not set" messages, logs and the manifest.
const envName = z
  .string({ error: expected('the name of an environment variable') })
  .regex(/^[A-Z_][A-Z0-9_]*$/, { error: 'must be an environment variable name in capitals, like NORDLYS_TOKEN (A-Z, 0-9, _), not the token itself' });

const language = z.string({ error: expected('a language code') }).refine((v) => availableLanguages().includes(v), {
  error: () => `must be one of ${availableLanguages().join(', ')}`,
});

const baseUrl = z.string({ error: expected('the reporting API URL') }).refine(
  (v) => {
    try {
      const u = new URL(v);
      return (u.protocol === 'http:' || u.protocol === 'https:') && !u.username && !u.password && !u.search && !u.hash;
    } catch {
      return false;
    }
  },
  { error: 'must be an http(s) URL without credentials, query or fragment, e.g. https://reporting.example.com' },
);

// Shapes with a doc comment per field, the schemas typed as `z.ZodObject<typeof shape>` so the
// comments reach the built .d.ts (as src/model/invoice.ts does).
const runOrganizationShape = {
  /** The organization's id at the service (`org-…`), as the dashboard shows it; its folder is named from it. */
  org_id: z
    .string({ error: expected('the organization id') })
    .min(1, { error: 'must not be empty' })
    // As a URL path segment `.` and `..` would be resolved away and ask about another path.
    .refine((v) => v !== '.' && v !== '..', { error: 'must be an organization id, not "." or ".."' })
    // An id with a control or invisible character (a bidi override, a zero-width space) would be
    // shown, filed and asked for as another id than the one written: refused, not cleaned.
    .refine((v) => visibleText(v) === v, { error: 'holds a control or invisible character (a line break, a bidi control, a zero-width space …); write the id as the dashboard shows it' }),
  /** The name the documents and pages show for it (data: never a formula, a path or markup). */
  name: z.string({ error: expected('the display name') }).min(1, { error: 'must not be empty' }),
  /** The environment variable that holds the organization's reporting token (the token never goes in the file). */
  token_env: envName,
  /** The language of its documents (`da`, `en`); when absent, each invoice's own and the month's first invoice's for the workbook, else Danish. `--language` overrides it. */
  language: language.optional(),
};
/** One organization of a month-end run. The token itself never appears here, only the variable's name. */
export const RunOrganizationSchema: z.ZodObject<typeof runOrganizationShape, z.core.$strict> = z.strictObject(runOrganizationShape, {
  error: expected('an object with org_id, name and token_env'),
});

/**
 * The seller's credit-note number series the run takes numbers from to make the credit note of
 * each void or held-back invoice (`prefix` + the number, zero-padded to `digits`). A credit note
 * is an invoice of its own and needs a sequential number of a series that identifies it
 * (momsbekendtgørelsen § 58, stk. 1, nr. 2, and stk. 2).
 */
export const CreditNoteSeriesSchema = z.strictObject(
  {
    prefix: z
      .string({ error: expected('the series\' prefix, e.g. "KN-2026-"') })
      .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$/, { error: 'must be 1 to 40 letters, digits, "-" or "_", starting with a letter or digit (e.g. "KN-2026-"), and differ from how the invoices are numbered' }),
    next: z
      .number({ error: expected('the first number the run may use, a whole number') })
      .int({ error: 'must be a whole number' })
      .min(1, { error: 'must be at least 1' })
      .max(999_999_999_999, { error: 'must be at most 999999999999' }),
    digits: z
      .number({ error: expected('how many digits a number has (zero-padded), 1 to 12') })
      .int({ error: 'must be a whole number' })
      .min(1, { error: 'must be 1 to 12' })
      .max(12, { error: 'must be 1 to 12' })
      .optional(),
  },
  { error: expected('an object with prefix and next') },
);

const runConfigShape = {
  /** The reporting API's address, e.g. `https://reporting.example.com` (http(s), no credentials, query or fragment). */
  base_url: baseUrl,
  /** The organizations of the run, each once. */
  organizations: z
    .array(RunOrganizationSchema, { error: expected('a list of organizations') })
    .min(1, { error: 'must list at least one organization' })
    .superRefine((orgs, ctx) => {
      const seen = new Set<string>();
      orgs.forEach((o, i) => {
        if (seen.has(o.org_id)) ctx.addIssue({ code: 'custom', path: [i, 'org_id'], message: `"${o.org_id}" is listed twice` });
        seen.add(o.org_id);
      });
    }),
  /** The partner workbook of the month, made with the partner token in `token_env`; none when absent. */
  partner: z
    .strictObject({
      token_env: envName,
      language: language.optional(),
      /**
       * The partner's own organization id at the service, public though its token may hold it
       * (`pt_org-bifrost-partners_…`): the partner status names it, and without it given here any
       * 12 characters of it in the token would make the run refuse that answer as holding the token.
       */
      org_id: runOrganizationShape.org_id.optional(),
    }, { error: expected('an object with token_env') })
    .optional(),
  /** The seller's credit-note series: the run makes the credit note of each void or held-back invoice from it; without it the run names the credit notes to make. */
  credit_notes: CreditNoteSeriesSchema.optional(),
  /** How the month is posted into the books (accounts, VAT codes); the defaults when absent. */
  books: BooksConfigSchema.optional(),
};
/** The month-end config file (`--config runs.json`). */
export const RunConfigSchema: z.ZodObject<typeof runConfigShape, z.core.$strict> = z.strictObject(runConfigShape, {
  error: expected('a JSON object with base_url and organizations'),
});

export type RunOrganization = z.infer<typeof RunOrganizationSchema>;
export type RunConfig = z.infer<typeof RunConfigSchema>;
export type CreditNoteSeries = z.infer<typeof CreditNoteSeriesSchema>;

const SECRET_KEY = /token|secret|key|password/i;

function reasonOf(issue: z.core.$ZodIssue): { path: string; reason: string } {
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys.find((k) => SECRET_KEY.test(k)) ?? issue.keys[0] ?? '';
    const path = formatPath([...issue.path, key]);
    const hint = SECRET_KEY.test(key) ? '; put secrets in an environment variable and name it in token_env' : '';
    return { path, reason: `unknown field${hint}` };
  }
  return { path: formatPath(issue.path), reason: issue.message };
}

/** Checks an already-parsed config object. @throws RunConfigError naming the first bad field. */
export function parseRunConfig(data: unknown, source = 'config'): RunConfig {
  const result = RunConfigSchema.safeParse(data);
  // Names from the config reach the same surfaces as the API's text: the same one rule (core/invisible-text.ts).
  if (result.success) return withVisibleText(result.data) as RunConfig;
  // A secret pasted into the file is named first, whatever else is missing around it.
  const issues = result.error.issues;
  const first = issues.find((i) => i.code === 'unrecognized_keys' && i.keys.some((k) => SECRET_KEY.test(k))) ?? issues[0];
  const { path, reason } = first ? reasonOf(first) : { path: '$', reason: 'invalid' };
  throw new RunConfigError(source, path, reason);
}

/** Shortest token value looked for in the config: shorter ones would match ordinary words. */
const MIN_TOKEN_LENGTH = 8;

/** Every string of the config with its field path (`organizations[2].name`). */
function* stringsOf(value: unknown, path: Array<string | number> = []): Generator<{ path: string; text: string }> {
  if (typeof value === 'string') yield { path: formatPath(path), text: value };
  else if (Array.isArray(value)) for (const [i, v] of value.entries()) yield* stringsOf(v, [...path, i]);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) yield* stringsOf(v, [...path, k]);
}

/**
 * Refuses a config with a token pasted into it: any value (a name, an org id, the base URL)
 * that equals or contains the value of a token variable the config names. Such a value would
 * otherwise reach the manifest, summary.md, the workbooks and progress lines. The message names
 * the field and the variable, never the value.
 * @throws RunConfigError
 */
export function refuseTokenValues(config: RunConfig, env: Record<string, string | undefined>, source = 'config'): void {
  const names = [...config.organizations.map((o) => o.token_env), ...(config.partner ? [config.partner.token_env] : [])];
  const tokens = [...new Set(names)].map((name) => ({ name, value: env[name]?.trim() })).filter((t) => t.value && t.value.length >= MIN_TOKEN_LENGTH);
  if (tokens.length === 0) return;
  for (const { path, text } of stringsOf(config)) {
    const hit = tokens.find((t) => text.includes(t.value!));
    if (hit) throw new RunConfigError(source, path, `contains the value of ${hit.name} (a token); put the token only in the environment and this field's own value here`);
  }
}

/** Parses the JSON text of a config file. @throws RunConfigError (not JSON, or a bad field). */
export function parseRunConfigJson(text: string, source = 'config'): RunConfig {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new RunConfigError(source, '$', jsonProblem(text, e));
  }
  return parseRunConfig(data, source);
}
