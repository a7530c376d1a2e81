import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { checkInvoice } from '../check/index.js';
import { InvoiceSchema, parseRecord } from '../model/index.js';
import type { VerifyContext } from './_context.js';
import { differences, shown } from './_differ.js';

/**
 * checkInvoice on every invoice record the run kept (`invoice-<number>.json`): its findings must
 * be those the manifest records for it (summary.md and index.html show those), and no e-invoice
 * may have been made of an invoice with an error finding. Returns how many records were checked.
 */
export async function checkInvoices(ctx: VerifyContext): Promise<number> {
  let checked = 0;
  const records = new Set(ctx.manifest.files.filter((f) => f.kind === 'invoice_json').map((f) => f.path));
  for (const o of ctx.manifest.organizations) {
    for (const entry of o.invoices) {
      const json = entry.files.find((f) => records.has(f));
      if (!json || !ctx.onDisk.has(json)) continue;
      let findings;
      try {
        findings = checkInvoice(parseRecord(InvoiceSchema, JSON.parse(await readFile(join(ctx.monthDir, json), 'utf8')), 'invoice'));
      } catch (e) {
        ctx.differences.push({ file: json, what: `not an invoice record the run could have taken (${(e as Error).message})` });
        continue;
      }
      checked++;
      for (const d of differences(entry.findings ?? [], findings, 3)) {
        ctx.differences.push({ file: 'manifest.json', what: `invoice ${entry.invoice_number} of ${o.org_id}: findings${d.path} are ${shown(d.found)}; checkInvoice finds ${shown(d.expected)} in ${json}` });
      }
      const error = findings.find((f) => f.severity === 'error');
      const xml = entry.files.find((f) => f.endsWith('.xml'));
      if (error && xml) ctx.differences.push({ file: xml, what: `an e-invoice of an invoice checkInvoice finds an error in (${error.code}: ${error.message}); none may be made` });
    }
  }
  return checked;
}
