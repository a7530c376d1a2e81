import { statOrNone } from './_stat-or-none.js';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { previousMonth } from '../options/month.js';

/** An invoice of the previous month's run, by the reference its payer quotes. */
export interface EarlierPayment {
  invoice_number: string;
  org_id: string;
  month: string;
}

const cache = new Map<string, Promise<Map<string, EarlierPayment>>>();

async function read(path: string, month: string): Promise<Map<string, EarlierPayment>> {
  const ids = new Map<string, EarlierPayment>();
  let data: unknown;
  try {
    data = JSON.parse(await readFile(path, 'utf8'));
  } catch {
    return ids;
  }
  const orgs = (data as { organizations?: unknown })?.organizations;
  if (!Array.isArray(orgs)) return ids;
  for (const o of orgs as Array<{ org_id?: unknown; invoices?: unknown }>) {
    if (typeof o?.org_id !== 'string' || !Array.isArray(o.invoices)) continue;
    for (const i of o.invoices as Array<{ invoice_number?: unknown; payment_id?: unknown; status?: unknown; held_back?: unknown }>) {
      // Only an invoice that asks for payment is one a payment could be matched to (a void or held-back one asks for none).
      if (i?.status !== 'issued' || i.held_back === true) continue;
      // A manifest of an earlier version has no payment_id: its invoice number is what a payer quotes now.
      const id = typeof i?.payment_id === 'string' ? i.payment_id : typeof i?.invoice_number === 'string' ? i.invoice_number : undefined;
      if (id && typeof i.invoice_number === 'string' && !ids.has(id)) ids.set(id, { invoice_number: i.invoice_number, org_id: o.org_id, month });
    }
  }
  return ids;
}

/**
 * The payment references of the previous month's run, read from its manifest beside this
 * month's folder (`<out>/<previous month>/manifest.json`), once per process while the file is
 * unchanged (its size and modification time): a reference this month's invoice shares with one
 * of them would match a payment to the wrong invoice. A missing or unreadable manifest gives
 * none (there is nothing to compare with, not a failure).
 */
export async function previousPaymentIds(monthDir: string, month: string): Promise<Map<string, EarlierPayment>> {
  const before = previousMonth(new Date(`${month}-01T00:00:00Z`));
  const path = join(dirname(monthDir), before, 'manifest.json');
  // A month's first run asks for every organization, of a file that is not there.
  const seen = statOrNone(path);
  if (!seen?.isFile()) return new Map();
  const key = `${path}\0${seen.size}\0${seen.mtimeMs}`;
  let ids = cache.get(key);
  if (!ids) cache.set(key, (ids = read(path, before)));
  return ids;
}
