/**
 * The value a key has for the key field `key`: only the key's own member. A field's key is the
 * service's text, and `fields.constructor` or `fields.toString` of a key that does not set the
 * field would read Object.prototype's function (an outside attack review: a key field named
 * `constructor` made the cost workbook fail with a TypeError that named no field).
 */
export function fieldValue<V>(fields: Readonly<Record<string, V>> | null | undefined, key: string): V | undefined {
  return fields != null && Object.hasOwn(fields, key) ? fields[key] : undefined;
}
