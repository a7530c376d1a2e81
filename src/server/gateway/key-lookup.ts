import type { OrgData } from '../dataset/dataset.js';
import type { RawKey } from '../dataset/_schema.js';
import { fieldValue } from '../../model/index.js';

/** The key-fields record of the calling key, in the organization's field order (gateway spec §2). */
export function keyFieldsRecord(org: OrgData, key: RawKey) {
  return {
    key_name: key.name,
    fields: org.raw.key_fields.map((f) => {
      const value = fieldValue(key.fields, f.key) ?? null;
      const option = f.type === 'select' ? f.options?.find((o) => o.key === value) : undefined;
      return { key: f.key, display_name: f.display_name, type: f.type, value, value_label: option?.label ?? null };
    }),
  };
}
