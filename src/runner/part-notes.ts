import type { OrgOutcome } from './manifest.js';
import { findingsOf } from './_finding-lines.js';

/**
 * What a terminal line says about an organization's parts (the manifest's words, in English):
 * each part not made and why (`cost_workbook skipped: 403: …`), and each part made without
 * records the service withheld (`cost_workbook without usage: 403: …`), the client's notes
 * on its answers (an answer that was not valid UTF-8), and each finding, naming its record and
 * field (`finding invoice 2026-0142, usd_dkk_rate: … [usd_dkk_rate_implausible]`).
 */
export function partNotes(o: OrgOutcome): string[] {
  return [
    ...o.parts.flatMap((p) =>
      p.status !== 'ok' ? [`${p.part} ${p.status}: ${p.reason ?? ''}`] : (p.without ?? []).map((w) => `${p.part} without ${w.records}: ${w.reason}`),
    ),
    ...(o.notes ?? []),
    ...findingsOf(o).map((f) => `finding ${f.where}: ${f.message} [${f.code}]`),
  ];
}
