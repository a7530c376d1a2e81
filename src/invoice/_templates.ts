import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Folder of the invoice text blocks: `<package>/templates/invoice`, from `src/` and `dist/` alike. */
export const INVOICE_TEMPLATES_DIR = fileURLToPath(new URL('../../templates/invoice/', import.meta.url));

const cache = new Map<string, string>();

/** The Handlebars source of `templates/invoice/<name>.hbs`, read once per process. */
export function invoiceTemplate(name: string): string {
  let text = cache.get(name);
  if (text === undefined) {
    text = readFileSync(`${INVOICE_TEMPLATES_DIR}${name}.hbs`, 'utf8');
    cache.set(name, text);
  }
  return text;
}
