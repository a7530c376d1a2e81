import { z } from 'zod';
import { count, isoDateTime, uuid } from './primitives.js';
import { ModelProductSchema } from './enums.js';

// Required-ness of the partner records is "not shown" in the spec; every listed field is required here.

export const PartnerCustomerSchema = z
  .object({ org_id: z.string(), name: z.string(), key_count: count })
  .meta({ id: 'PartnerCustomer' });

export const PartnerModelSchema = z
  .object({ id: z.string(), name: z.string(), product: ModelProductSchema.nullable(), connect: z.boolean() })
  .meta({ id: 'PartnerModel' });

export const PartnerProfileSchema = z
  .object({
    id: uuid,
    name: z.string(),
    key_count: count,
    recommended: z.array(z.string()),
    follows_router: z.boolean(),
  })
  .meta({ id: 'PartnerProfile' });

/** PartnerKey: one key checked against its profile's recommendation; up to date when `has_recommended`. */
export const PartnerKeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    key_prefix: z.string(),
    created_at: isoDateTime,
    profile_id: uuid,
    profile_name: z.string(),
    models: z.array(z.string()),
    recommended_models: z.array(z.string()),
    has_recommended: z.boolean(),
    missing_recommended: z.array(z.string()),
    not_allowed: z.array(z.string()),
    extra: z.array(z.string()),
    no_longer_offered: z.array(z.string()),
    locked: z.boolean(),
  })
  .meta({ id: 'PartnerKey' });

export const PartnerCustomerKeysSchema = z
  .object({
    customer: PartnerCustomerSchema,
    allowed_models: z.array(PartnerModelSchema),
    keys: z.array(PartnerKeySchema),
  })
  .meta({ id: 'PartnerCustomerKeys' });

/** PartnerStatus: the response of partner status. */
export const PartnerStatusSchema = z
  .object({
    org_id: z.string(),
    name: z.string(),
    key_count: count,
    keys_missing_recommended: count,
    profiles: z.array(PartnerProfileSchema),
    customers: z.array(PartnerCustomerKeysSchema),
  })
  .meta({ id: 'PartnerStatus' });

export type PartnerCustomer = z.infer<typeof PartnerCustomerSchema>;
export type PartnerModel = z.infer<typeof PartnerModelSchema>;
export type PartnerProfile = z.infer<typeof PartnerProfileSchema>;
export type PartnerKey = z.infer<typeof PartnerKeySchema>;
export type PartnerCustomerKeys = z.infer<typeof PartnerCustomerKeysSchema>;
export type PartnerStatus = z.infer<typeof PartnerStatusSchema>;
