import { z } from 'zod';
import { KeyFieldTypeSchema } from './enums.js';

// Shapes with a doc comment per field, the schema typed as `z.ZodObject<typeof shape>` so the
// comments reach the built .d.ts (see invoice.ts).

const keyFieldsEntryShape = {
  /** The field's stable identifier. */
  key: z.string(),
  /** The field's label. */
  display_name: z.string(),
  /** `text`, `boolean` or `select`. */
  type: KeyFieldTypeSchema,
  /** true/false, the text, or for a select field the choice's key; null when the key has no value. */
  value: z.union([z.boolean(), z.string()]).nullable(),
  /** Label of the chosen option of a select field; null otherwise. */
  value_label: z.string().nullable(),
};
/** One field of the calling key (gateway key lookup). */
export const KeyFieldsEntrySchema: z.ZodObject<typeof keyFieldsEntryShape, z.core.$strip> = z.object(keyFieldsEntryShape).meta({ id: 'KeyFieldsEntry' });

const keyFieldsRecordShape = {
  /** The calling key's name. */
  key_name: z.string(),
  /** The organization's key fields with this key's values, in the order the dashboard shows. */
  fields: z.array(KeyFieldsEntrySchema),
};
/** The key-fields record: response of GET /v1/service/key. */
export const KeyFieldsRecordSchema: z.ZodObject<typeof keyFieldsRecordShape, z.core.$strip> = z.object(keyFieldsRecordShape).meta({ id: 'KeyFieldsRecord' });

export const SearchTimeRangeSchema = z.enum(['day', 'week', 'month', 'year']);

const searchRequestShape = {
  /** The search text. */
  query: z.string().min(1),
  /** Only results from the past day, week, month or year. Absent: any time. */
  time_range: SearchTimeRangeSchema.optional(),
  /** Two-letter language code of the results wanted. Absent: any. */
  language: z.string().regex(/^[a-zA-Z]{2}$/, 'expected a two-letter language code').optional(),
  /** A category of the metasearch engine, e.g. it, news, science. Absent: general. */
  categories: z.string().optional(),
  /** Comma-separated list of engines. Absent: the service's choice. */
  engines: z.string().optional(),
};
/** Body of POST /v1/search/service-search. */
export const SearchRequestSchema: z.ZodObject<typeof searchRequestShape, z.core.$strip> = z.object(searchRequestShape).meta({ id: 'SearchRequest' });

const searchResultShape = {
  /** The page's title. */
  title: z.string(),
  /** The page's address. */
  url: z.string(),
  /** An excerpt. */
  snippet: z.string(),
  /** The date as the engine reported it; often `''`, as engines rarely report one. */
  date: z.string(),
};
/** One search result. */
export const SearchResultSchema: z.ZodObject<typeof searchResultShape, z.core.$strip> = z.object(searchResultShape).meta({ id: 'SearchResult' });

const searchResponseShape = {
  /** The results, best first. */
  results: z.array(SearchResultSchema),
};
/** Response of the search. */
export const SearchResponseSchema: z.ZodObject<typeof searchResponseShape, z.core.$strip> = z.object(searchResponseShape).meta({ id: 'SearchResponse' });

export type KeyFieldsEntry = z.infer<typeof KeyFieldsEntrySchema>;
export type KeyFieldsRecord = z.infer<typeof KeyFieldsRecordSchema>;
export type SearchRequest = z.infer<typeof SearchRequestSchema>;
export type SearchResult = z.infer<typeof SearchResultSchema>;
export type SearchResponse = z.infer<typeof SearchResponseSchema>;
