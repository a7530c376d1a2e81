import { formatPath } from '../../model/parse/index.js';
import type { RawOrg } from './_schema.js';
import { DatasetError } from './dataset-error.js';

type Field = RawOrg['key_fields'][number];

/** Why `value` is not a KeyFieldValue of `field` (spec §2: a boolean for a boolean field, a string for a text field, an option's key for a select field), or undefined. */
function valueProblem(field: Field, value: unknown): string | undefined {
  if (field.type === 'boolean') {
    return typeof value === 'boolean' ? undefined : `${JSON.stringify(value)} is not true or false, which the boolean field "${field.key}" takes (spec §2 KeyFieldValue)`;
  }
  if (typeof value !== 'string') return `${JSON.stringify(value)} is not a string, which the ${field.type} field "${field.key}" takes (spec §2 KeyFieldValue)`;
  if (field.type === 'select' && !(field.options ?? []).some((o) => o.key === value)) {
    const keys = (field.options ?? []).map((o) => `"${o.key}"`).join(', ') || 'none';
    return `"${value}" is not the key of one of the select field "${field.key}"'s options (${keys}) (spec §2 KeyFieldValue)`;
  }
  return undefined;
}

/**
 * Refuses an organization whose key schema or key values break the spec's KeyField rules (spec
 * §2): field keys and option keys are stable identifiers, so each is given once; only a select
 * field has options; a default and every value a key holds is of its field's type (a boolean
 * field's value true or false, never "yes"; a select field's the key of one of its options), and
 * names a field of the schema. The key-usage `by_field` groups and the gateway's key lookup are
 * built from these, so a value outside them would be served as if the spec allowed it.
 * @throws DatasetError naming the org.json and the field, e.g. `keys[3].fields.team`
 */
export function checkKeyFields(org: RawOrg, file: string): void {
  const fields = new Map<string, Field>();
  org.key_fields.forEach((field, i) => {
    if (fields.has(field.key)) throw new DatasetError(file, formatPath(['key_fields', i, 'key']), `"${field.key}" is the key of an earlier field too; a field's key identifies it`);
    fields.set(field.key, field);
    const options = field.options ?? [];
    if (field.type !== 'select' && options.length) throw new DatasetError(file, formatPath(['key_fields', i, 'options']), `only a select field has options (this one is ${field.type})`);
    const seen = new Set<string>();
    options.forEach((o, j) => {
      if (seen.has(o.key)) throw new DatasetError(file, formatPath(['key_fields', i, 'options', j, 'key']), `"${o.key}" is the key of an earlier option too; an option's key is what keys store`);
      seen.add(o.key);
    });
    if (field.default_value !== undefined && field.default_value !== null) {
      const why = valueProblem(field, field.default_value);
      if (why) throw new DatasetError(file, formatPath(['key_fields', i, 'default_value']), why);
    }
  });
  org.keys.forEach((key, i) => {
    for (const [name, value] of Object.entries(key.fields)) {
      const field = fields.get(name);
      const at = formatPath(['keys', i, 'fields', name]);
      if (!field) throw new DatasetError(file, at, `key "${key.id}": "${name}" is not the key of one of the organization's key_fields`);
      const why = valueProblem(field, value);
      if (why) throw new DatasetError(file, at, `key "${key.id}": ${why}`);
    }
  });
}
