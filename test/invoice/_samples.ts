import { readFileSync } from 'node:fs';
import { InvoiceSchema, parseJsonRecord, type Invoice, type InvoiceJson } from '../../src/model/index.js';

export const SAMPLES = new URL('../../samples/invoices/', import.meta.url);
export const FIXTURES = new URL('./fixtures/', import.meta.url);

export function sampleJson(name: string): InvoiceJson {
  return JSON.parse(readFileSync(new URL(name, SAMPLES), 'utf8')) as InvoiceJson;
}

export function sample(name: string): Invoice {
  return parseJsonRecord(InvoiceSchema, JSON.stringify(sampleJson(name)), name);
}

/** A sample changed by `edit` (on the JSON form), checked again like an API response. */
export function variant(name: string, edit: (json: InvoiceJson) => void): Invoice {
  const json = sampleJson(name);
  edit(json);
  return parseJsonRecord(InvoiceSchema, JSON.stringify(json), name);
}
