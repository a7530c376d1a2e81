import { z } from 'zod';

export { CurrencySchema } from './primitives/primitives.js';
export const InvoiceLanguageSchema = z.enum(['da', 'en']);
export const InvoiceStatusSchema = z.enum(['issued', 'void']);
export const InvoiceLineKindSchema = z.enum(['subscription', 'usage', 'usage_provider', 'dev_overage']);
export const KeyFieldTypeSchema = z.enum(['text', 'boolean', 'select']);
export const KeyProductSchema = z.enum(['connect', 'dev', 'service']);
export const ModelProductSchema = z.enum(['core', 'dev', 'router']);
export const CorePlanSchema = z.enum(['starter', 'small', 'medium', 'large']);
export const DevPlanSchema = z.enum(['go', 'pro', 'max']);
export const PricingServiceSchema = z.enum(['private_llm', 'llm_router', 'control', 'connect']);
export const PricingTypeSchema = z.enum(['coding', 'assistant', 'public_models', 'management', 'integrations']);

export type InvoiceLanguage = z.infer<typeof InvoiceLanguageSchema>;
export type InvoiceStatus = z.infer<typeof InvoiceStatusSchema>;
export type InvoiceLineKind = z.infer<typeof InvoiceLineKindSchema>;
export type KeyFieldType = z.infer<typeof KeyFieldTypeSchema>;
export type KeyProduct = z.infer<typeof KeyProductSchema>;
export type ModelProduct = z.infer<typeof ModelProductSchema>;
export type CorePlan = z.infer<typeof CorePlanSchema>;
export type DevPlan = z.infer<typeof DevPlanSchema>;
export type PricingService = z.infer<typeof PricingServiceSchema>;
export type PricingType = z.infer<typeof PricingTypeSchema>;
