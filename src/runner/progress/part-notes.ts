import type { OrgOutcome } from '../manifest/manifest.js';
import { findingsOf } from '../pages/_finding-lines.js';

/**
 * What a terminal line says about an organization's parts (the manifest's words, in English):
 * each part not made and why (`cost_workbook skipped: 403: …`), and each part made without
 * records the service withheld (`cost_workbook without usage: 403: …`), the client's notes
 * on its answers (an answer that was not valid UTF-8), each invoice held back with the codes
 * of checkInvoice's errors (`invoice 2026-0152 held back: danish_vat_to_eu_business`), and each
 * other finding, naming its invoice or record and field (`finding 2026-0142: … [code]`).
 */
export function partNotes(o: OrgOutcome): string[] {
  return [
    ...o.parts.flatMap((p) =>
      p.status !== 'ok' ? [`${p.part} ${p.status}: ${p.reason ?? ''}`] : (p.without ?? []).map((w) => `${p.part} without ${w.records}: ${w.reason}`),
    ),
    ...(o.notes ?? []),
    ...o.invoices.filter((i) => i.held_back).map((i) => `invoice ${i.invoice_number} held back: ${i.findings?.filter((f) => f.severity === 'error').map((f) => f.code).join(', ') ?? ''}`),
    ...findingsOf(o).map((f) => `finding ${f.where}: ${f.message} [${f.code}]`),
  ];
}
