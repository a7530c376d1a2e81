import type { KeyField } from '../../model/index.js';
import { compareText } from '../../core/index.js';

/**
 * A key field as served (reporting-api.md §2 KeyField): with `sort_options_alphabetically` true
 * or absent (the default) its options sorted by label ignoring case (code-point order of the
 * lower-cased labels, the same on every machine; equal labels keep their order); false keeps the
 * order the organization gave. The flag is always served, absent as its default `true`, so a
 * client generated from the OpenAPI document (where a field with a default is present) reads it.
 */
export function inDisplayOrder(given: KeyField): KeyField {
  const field = { ...given, sort_options_alphabetically: given.sort_options_alphabetically ?? true };
  if (!field.sort_options_alphabetically || !field.options?.length) return field;
  const options = field.options
    .map((o, i) => ({ o, i, key: o.label.toLowerCase() }))
    .sort((a, b) => compareText(a.key, b.key) || a.i - b.i)
    .map((x) => x.o);
  return { ...field, options };
}
