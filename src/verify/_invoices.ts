import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { checkInvoice } from '../check/index.js';
import { InvoiceSchema } from '../model/index.js';
import { parseRecord } from '../model/parse/index.js';
import type { VerifyContext } from './_context.js';
import { differences, shown } from './_differ.js';

/** The run's findings, not the record's: a reference another invoice has; a credit note an earlier run made. */
const RUN_FINDINGS: ReadonlySet<string> = new Set(['payment_id_shared', 'credited_earlier']);

/**
 * checkInvoice on every invoice record the run kept (`invoice-<number>.json`): its findings must
 * be those the manifest records for it (summary.md and index.html show those), and no e-invoice
 * may have been made of an invoice with an error finding. Returns how many records were checked.
 */
export async function checkInvoices(ctx: VerifyContext): Promise<number> {
  let checked = 0;
  const records = new Set(ctx.manifest.files.filter((f) => f.kind === 'invoice_json').map((f) => f.path));
  const kinds = new Map(ctx.manifest.files.map((f) => [f.path, f.kind]));
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
      const recorded = (entry.findings ?? []).filter((f) => !RUN_FINDINGS.has(f.code));
      for (const d of differences(recorded, findings, 3)) {
        ctx.differences.push({ file: 'manifest.json', what: `invoice ${entry.invoice_number} of ${o.org_id}: findings${d.path} are ${shown(d.found)}; checkInvoice finds ${shown(d.expected)} in ${json}` });
      }
      const error = findings.find((f) => f.severity === 'error');
      // The invoice's own e-invoice; its credit note's mirrors the errors and may be made.
      const xml = entry.files.find((f) => kinds.get(f) === 'invoice_xml');
      if (error && xml) ctx.differences.push({ file: xml, what: `an e-invoice of an invoice checkInvoice finds an error in (${error.code}: ${error.message}); none may be made` });
    }
  }
  return checked;
}
