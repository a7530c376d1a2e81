import { VERSION } from '../../version.js';
import { classifyError } from './_classify.js';
import type { RunScope } from './_run-scope.js';
import type { RunConfig } from '../config/config.js';
import { sha256OfRecord } from '../manifest/hash.js';
import type { PartOutcome } from '../manifest/manifest.js';

export interface PartnerRunContext extends RunScope {
  partner: NonNullable<RunConfig['partner']>;
}

/** The partner workbook (`partner-status.xlsx` in the month folder); never throws. */
export async function runPartner(ctx: PartnerRunContext): Promise<PartOutcome> {
  if (ctx.signal.aborted) return { part: 'partner_workbook', status: 'skipped', reason: 'the run was interrupted first' };
  try {
    const token = ctx.env[ctx.partner.token_env];
    if (!token) throw new Error(`environment variable ${ctx.partner.token_env} (the partner token) is not set`);
    const status = await ctx.deps.partnerClient({ baseUrl: ctx.baseUrl, token, ...(ctx.answers ? { answers: ctx.answers } : {}), ...(ctx.partner.org_id ? { orgId: ctx.partner.org_id } : {}) }).getPartnerStatus({ signal: ctx.signal });
    const language = ctx.language ?? ctx.partner.language ?? 'da';
    await ctx.writer.emit({
      path: 'partner-status.xlsx', org_id: null, kind: 'partner_workbook',
      source_sha256: sha256OfRecord(status), source: `partner status of ${status.org_id}`,
      generator: `svc ${VERSION} partner report, ${language}`,
      produce: () => ctx.deps.buildPartnerWorkbook(status, { language }),
    });
    return { part: 'partner_workbook', status: 'ok' };
  } catch (e) {
    if (ctx.signal.aborted) return { part: 'partner_workbook', status: 'skipped', reason: 'the run was interrupted' };
    const c = classifyError(e, ctx.partner.token_env);
    // A partner token refused is the operator's config problem, so it fails rather than skips.
    return { part: 'partner_workbook', status: 'failed', reason: c.reason, ...(c.http_status ? { http_status: c.http_status } : {}) };
  }
}
