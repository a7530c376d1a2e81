import type { Command } from '../_program/command.js';
import { choice, str } from '../_program/args.js';
import { reportingOptions } from '../_client/client-options.js';
import { UsageError } from '../_program/usage-error.js';
import { setRunV8Flags } from '../_program/run-v8-flags.js';
import { availableLanguages } from '../../locale/index.js'; // not index.js: that loads Handlebars
import { calendarMonths, checkPeriod, type ReportPeriod } from '../../report/period/index.js';
import { ReportPeriodError } from '../../report/period/index.js';
import { writeStreamAtomic } from '../../core/index.js';
import { checkOutputFile, STDOUT, withOutputFlag } from '../_output/output-file.js';
import { plainText } from '../_output/sanitize.js';
import { resolve } from 'node:path';
import type { ExchangeRates } from '../../money/index.js';

function periodFromFlags(month: string | undefined, year: string | undefined, months: string | undefined): ReportPeriod {
  const given = [month !== undefined && '--month', year !== undefined && '--year', months !== undefined && '--months'].filter(Boolean);
  if (given.length !== 1) {
    throw new UsageError(given.length ? `give only one of ${given.join(', ')}` : 'give the period: --month YYYY-MM, --year YYYY or --months N');
  }
  const asInt = (flag: string, v: string) => {
    if (!/^\d{1,6}$/.test(v)) throw new UsageError(`${flag} must be a whole number (got "${v}")`);
    return Number(v);
  };
  const period: ReportPeriod = month !== undefined ? { month } : year !== undefined ? { year: asInt('--year', year) } : { months: asInt('--months', months!) };
  try {
    return checkPeriod(period);
  } catch (e) {
    if (e instanceof ReportPeriodError) throw new UsageError(`--${e.field}: ${e.message}`);
    throw e;
  }
}

async function readRates(path: string): Promise<ExchangeRates> {
  const [{ readRatesFile }, { RunOptionError }] = await Promise.all([import('../../runner/config/index.js'), import('../../runner/options/index.js')]);
  try {
    return (await readRatesFile(path)).rates;
  } catch (e) {
    if (e instanceof RunOptionError) throw new UsageError(`--rates: ${e.reason}`);
    throw e;
  }
}

function defaultFileName(orgId: string, period: ReportPeriod): string {
  const safeOrg = orgId.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^\.+/, '_') || 'org';
  const label = 'month' in period ? period.month : 'year' in period ? String(period.year) : `last-${period.months}-months`;
  return `cost-report-${safeOrg}-${label}.xlsx`;
}

/** `svc report cost`: the cost workbook (XLSX, DKK) for one month, one year or the trailing N months. */
export const costCommand: Command = {
  name: 'cost',
  summary: 'Cost workbook (XLSX) in DKK: summary, months, days, keys, models, providers, key fields, plan cost, invoices',
  usage: 'report cost --month YYYY-MM | --year YYYY | --months N [-o file.xlsx] [--language da|en] [--name TEXT] [--rates FILE]',
  examples: ['svc report cost --month 2026-10', 'svc report cost --year 2026 -o cost-2026.xlsx --language en', 'svc report cost --months 12 --name "Nordlys Analytics ApS"'],
  options: {
    month: { type: 'string', valueName: 'YYYY-MM', description: 'one calendar month' },
    year: { type: 'string', valueName: 'YYYY', description: 'one calendar year (up to today)' },
    months: { type: 'string', valueName: 'N', description: 'the trailing N calendar months, the current one included (1-60)' },
    output: { type: 'string', short: 'o', valueName: 'FILE', description: 'where to write the workbook (default: cost-report-<org>-<period>.xlsx; - for stdout)' },
    language: { type: 'string', valueName: 'CODE', description: 'language of the workbook: da (default) or en' },
    name: { type: 'string', valueName: 'TEXT', description: "the organization's name shown in the workbook (default: its id)" },
    rates: { type: 'string', valueName: 'FILE', description: "exchange rates for invoices not in DKK without a rate of their own, as svc month-end --rates (the ECB's eurofxref-hist.csv, or Danmarks Nationalbank's daily rates)" },
    ...reportingOptions,
  },
  async run(io, args) {
    const period = periodFromFlags(str(args, 'month'), str(args, 'year'), str(args, 'months'));
    const language = choice(args, 'language', availableLanguages()) ?? 'da';
    const name = str(args, 'name');
    if (name !== undefined && name.trim() === '') throw new UsageError('--name must not be empty');
    const ratesPath = str(args, 'rates');
    // The rates file is read and checked before anything is fetched: a bad one is one line, exit 2.
    const rates = ratesPath === undefined ? undefined : await readRates(resolve(io.cwd, ratesPath));
    // The client and the workbook writer load only now: a bad flag value is refused without them.
    const [{ reportingClientFrom }, { buildCostReport, costReportFindings, fetchCostReportData }] = await Promise.all([import('../_client/clients.js'), import('../../report/index.js')]);
    const client = reportingClientFrom(io, args);
    const out = str(args, 'output') ?? defaultFileName(client.orgId, period);
    const path = out === STDOUT ? undefined : await checkOutputFile('-o', out, io.cwd);
    setRunV8Flags(io, 'cost-workbook');
    const data = await fetchCostReportData(client, period);
    const options = { language, ...(name ? { organizationName: name } : {}), ...(rates ? { rates } : {}) };
    // A workbook without usage is still the document asked for (invoices, plan, reconciliation
    // naming the reason): made, exit 0, and said once on stderr so a script's log shows it.
    const withheld = data.usageWithheld;
    // Figures the records contradict: the workbook's Summary lists them; a script's log gets them too.
    const findings = costReportFindings(data);
    const warn = () => {
      if (withheld) io.stderr.write(`svc: warning: ${plainText(withheld.reason)} (${withheld.status}): the workbook has the invoices and the plan, without usage\n`);
      for (const f of findings) io.stderr.write(`svc: warning: ${plainText(`${f.record}, ${f.path}: ${f.message} [${f.code}]`)}\n`);
    };
    if (path === undefined) {
      await buildCostReport(data, { ...options, stream: io.stdout });
      warn();
      return 0;
    }
    const size = await withOutputFlag('-o', out, () => writeStreamAtomic(path, (stream) => buildCostReport(data, { ...options, stream })));
    const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
    const keys = data.keyUsage ? plural(data.keyUsage.keys.length, 'key') : 'no usage';
    const months = data.keyUsage ? data.months.length : (calendarMonths(period)?.length ?? 0);
    io.stdout.write(`Wrote ${plainText(path)} (${keys}, ${plural(months, 'month')}, ${size} bytes)\n`);
    warn();
    return 0;
  },
};
