import { escapeControls } from '../../core/index.js';
import type { MonthEndProgress } from '../run/run-month-end.js';
import type { OrgOutcome } from '../manifest/manifest.js';
import { partNotes } from './part-notes.js';
import { getLocale } from '../../locale/index.js';
import { orgStatus, statusWord } from '../status/status.js';

interface Out {
  write(s: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

// Config and API text shown on a terminal: control characters (escape sequences, line breaks,
// bidi overrides) shown escaped, so a name can neither drive the terminal nor fake a line.
const plain = (s: string): string => escapeControls(s);

function rate(p: MonthEndProgress): string {
  const secs = p.elapsed_ms / 1000;
  return secs > 0 ? (p.documents / secs).toFixed(1) : '0.0';
}

function outcomeLine(o: OrgOutcome): string {
  const files = o.invoices.reduce((n, i) => n + i.files.length, 0);
  const notes = partNotes(o);
  const invoices = o.invoices.length === 1 ? '1 invoice' : `${o.invoices.length} invoices`;
  const head = `${o.org_id} ${statusWord(orgStatus(o), getLocale('en'))}: ${invoices}, ${files} invoice files${o.cost ? ', cost workbook' : ''}`;
  return plain(o.status === 'failed' && o.parts.length === 0 ? `${o.org_id} failed: ${o.error ?? ''}` : [head, ...notes].join('; '));
}

/**
 * Shows a run's progress on `out` (stderr): a bar redrawn in place on a terminal (organizations
 * and documents done, failures, documents per second), one plain line per organization otherwise.
 */
export function progressReporter(out: Out): { onProgress: (p: MonthEndProgress) => void; done: () => void } {
  let lastDraw = 0;
  let drawn = false;
  const bar = (p: MonthEndProgress) => {
    const width = 20;
    const filled = p.organizations_total ? Math.round((p.organizations_done / p.organizations_total) * width) : width;
    const line = `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${p.organizations_done}/${p.organizations_total} orgs · ${p.documents} docs · ${p.errors} failed · ${rate(p)} docs/s`;
    out.write(`\r\u001b[2K${line.slice(0, (out.columns ?? 100) - 1)}`);
    drawn = true;
  };
  return {
    onProgress(p) {
      if (out.isTTY) {
        if (p.event === 'organization' && p.organization?.status === 'failed') {
          out.write(`\r\u001b[2K${outcomeLine(p.organization)}\n`);
        }
        const now = performance.now();
        if (now - lastDraw >= 100 || p.organizations_done === p.organizations_total) {
          lastDraw = now;
          bar(p);
        }
      } else if (p.event === 'organization' && p.organization) {
        out.write(`[${p.organizations_done}/${p.organizations_total}] ${outcomeLine(p.organization)} (${p.documents} documents, ${rate(p)} docs/s)\n`);
      }
    },
    done() {
      if (drawn) out.write('\n');
      drawn = false;
    },
  };
}
