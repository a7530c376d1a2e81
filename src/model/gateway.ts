import { z } from 'zod';
import { KeyFieldTypeSchema } from './enums.js';

/** One field of the calling key (gateway key lookup). */
export const KeyFieldsEntrySchema = z
  .object({
    key: z.string(),
    display_name: z.string(),
    type: KeyFieldTypeSchema,
    value: z.union([z.boolean(), z.string()]).nullable(),
    value_label: z.string().nullable(),
  })
  .meta({ id: 'KeyFieldsEntry' });

/** The key-fields record: response of GET /v1/service/key. */
export const KeyFieldsRecordSchema = z
  .object({ key_name: z.string(), fields: z.array(KeyFieldsEntrySchema) })
  .meta({ id: 'KeyFieldsRecord' });

export const SearchTimeRangeSchema = z.enum(['day', 'week', 'month', 'year']);

/** Body of POST /v1/search/service-search. */
export const SearchRequestSchema = z
  .object({
    query: z.string().min(1),
    time_range: SearchTimeRangeSchema.optional(),
    language: z.string().regex(/^[a-z]{2}$/i, 'expected a two-letter language code').optional(),
    categories: z.string().optional(),
    engines: z.string().optional(),
  })
  .meta({ id: 'SearchRequest' });

export const SearchResultSchema = z
  .object({ title: z.string(), url: z.string(), snippet: z.string(), date: z.string() })
  .meta({ id: 'SearchResult' });

export const SearchResponseSchema = z
  .object({ results: z.array(SearchResultSchema) })
  .meta({ id: 'SearchResponse' });

export type KeyFieldsEntry = z.infer<typeof KeyFieldsEntrySchema>;
export type KeyFieldsRecord = z.infer<typeof KeyFieldsRecordSchema>;
export type SearchRequest = z.infer<typeof SearchRequestSchema>;
export type SearchResult = z.infer<typeof SearchResultSchema>;
export type SearchResponse = z.infer<typeof SearchResponseSchema>;
