import { z } from 'zod';
import { count, isoDateTime, uuid } from './primitives/primitives.js';
import { ModelProductSchema } from './enums.js';

// Required-ness of the partner records is "not shown" in the spec; every listed field is required here.
// Shapes with a doc comment per field, the schema typed as `z.ZodObject<typeof shape>` so the
// comments reach the built .d.ts (see invoice.ts).

const partnerCustomerShape = {
  /** The customer organization's id. */
  org_id: z.string(),
  /** The customer organization's name. */
  name: z.string(),
  /** The partner's keys in that organization. */
  key_count: count,
};
/** PartnerCustomer: a customer organization of the partner. */
export const PartnerCustomerSchema: z.ZodObject<typeof partnerCustomerShape, z.core.$strip> = z.object(partnerCustomerShape).meta({ id: 'PartnerCustomer' });

const partnerModelShape = {
  /** The model's id. */
  id: z.string(),
  /** The model's name. */
  name: z.string(),
  /** `core`, `dev` or `router`; null: the model is offered to nobody. */
  product: ModelProductSchema.nullable(),
  /** On the allow-list as one of the organization's connect models. */
  connect: z.boolean(),
};
/** PartnerModel: a model on a customer's allow-list. */
export const PartnerModelSchema: z.ZodObject<typeof partnerModelShape, z.core.$strip> = z.object(partnerModelShape).meta({ id: 'PartnerModel' });

const partnerProfileShape = {
  /** The profile's id, a uuid. */
  id: uuid,
  /** The profile's name, e.g. chat or vault. */
  name: z.string(),
  /** Keys of this profile. */
  key_count: count,
  /** The recommended model ids. */
  recommended: z.array(z.string()),
  /** True: the recommendation follows the router models, so a new one is recommended at once; false: a fixed set the service keeps, and the partner cannot change the keys' models. */
  follows_router: z.boolean(),
};
/** PartnerProfile: one kind of key and what it is checked against. */
export const PartnerProfileSchema: z.ZodObject<typeof partnerProfileShape, z.core.$strip> = z.object(partnerProfileShape).meta({ id: 'PartnerProfile' });

const partnerKeyShape = {
  /** The key's id. */
  id: z.string(),
  /** The key's name. */
  name: z.string(),
  /** The first characters of the key. */
  key_prefix: z.string(),
  /** When the key was created, ISO 8601. */
  created_at: isoDateTime,
  /** Its profile's id, a uuid. */
  profile_id: uuid,
  /** Its profile's name. */
  profile_name: z.string(),
  /** The model ids on the key. */
  models: z.array(z.string()),
  /** Its profile's recommendation: what the key is checked against. */
  recommended_models: z.array(z.string()),
  /** True: the key is up to date (has every recommended model it may have). */
  has_recommended: z.boolean(),
  /** Recommended and allowed there, but not on the key: what to add. */
  missing_recommended: z.array(z.string()),
  /** Recommended, but not on the organization's allow-list. */
  not_allowed: z.array(z.string()),
  /** On the key beyond the recommended list. */
  extra: z.array(z.string()),
  /** On the key but no longer offered to the organization; stays until the partner removes it. */
  no_longer_offered: z.array(z.string()),
  /** The profile is a fixed set: the key's models cannot be changed. */
  locked: z.boolean(),
};
/** PartnerKey: one key checked against its profile's recommendation; up to date when `has_recommended`. */
export const PartnerKeySchema: z.ZodObject<typeof partnerKeyShape, z.core.$strip> = z.object(partnerKeyShape).meta({ id: 'PartnerKey' });

const partnerCustomerKeysShape = {
  /** The organization. */
  customer: PartnerCustomerSchema,
  /** Models a key there may have, recommended ones marked. */
  allowed_models: z.array(PartnerModelSchema),
  /** The partner's keys in the organization. */
  keys: z.array(PartnerKeySchema),
};
/** PartnerCustomerKeys: one customer organization, its allowed models and the partner's keys there. */
export const PartnerCustomerKeysSchema: z.ZodObject<typeof partnerCustomerKeysShape, z.core.$strip> = z.object(partnerCustomerKeysShape).meta({ id: 'PartnerCustomerKeys' });

const partnerStatusShape = {
  /** The partner's own organization id. */
  org_id: z.string(),
  /** The partner's name. */
  name: z.string(),
  /** The partner's keys across its customers. */
  key_count: count,
  /** Keys missing a recommended model the customer may use. */
  keys_missing_recommended: count,
  /** What each kind of key is checked against. */
  profiles: z.array(PartnerProfileSchema),
  /** Each organization the partner serves. */
  customers: z.array(PartnerCustomerKeysSchema),
};
/** PartnerStatus: the response of partner status. */
export const PartnerStatusSchema: z.ZodObject<typeof partnerStatusShape, z.core.$strip> = z.object(partnerStatusShape).meta({ id: 'PartnerStatus' });

export type PartnerCustomer = z.infer<typeof PartnerCustomerSchema>;
export type PartnerModel = z.infer<typeof PartnerModelSchema>;
export type PartnerProfile = z.infer<typeof PartnerProfileSchema>;
export type PartnerKey = z.infer<typeof PartnerKeySchema>;
export type PartnerCustomerKeys = z.infer<typeof PartnerCustomerKeysSchema>;
export type PartnerStatus = z.infer<typeof PartnerStatusSchema>;
