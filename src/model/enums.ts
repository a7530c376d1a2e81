import { z } from 'zod';

export { currency } from './primitives.js';
export const invoiceLanguage = z.enum(['da', 'en']);
export const invoiceStatus = z.enum(['issued', 'void']);
export const invoiceLineKind = z.enum(['subscription', 'usage', 'usage_provider', 'dev_overage']);
export const keyFieldType = z.enum(['text', 'boolean', 'select']);
export const keyProduct = z.enum(['connect', 'dev', 'service']);
export const modelProduct = z.enum(['core', 'dev', 'router']);
export const corePlan = z.enum(['starter', 'small', 'medium', 'large']);
export const devPlan = z.enum(['go', 'pro', 'max']);
export const pricingService = z.enum(['private_llm', 'llm_router', 'control', 'connect']);
export const pricingType = z.enum(['coding', 'assistant', 'public_models', 'management', 'integrations']);

export type InvoiceLanguage = z.infer<typeof invoiceLanguage>;
export type InvoiceStatus = z.infer<typeof invoiceStatus>;
export type InvoiceLineKind = z.infer<typeof invoiceLineKind>;
export type KeyFieldType = z.infer<typeof keyFieldType>;
export type KeyProduct = z.infer<typeof keyProduct>;
export type ModelProduct = z.infer<typeof modelProduct>;
export type CorePlan = z.infer<typeof corePlan>;
export type DevPlan = z.infer<typeof devPlan>;
export type PricingService = z.infer<typeof pricingService>;
export type PricingType = z.infer<typeof pricingType>;
