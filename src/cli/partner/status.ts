import type { Command } from '../_program/command.js';
import { bool, choice, str } from '../_program/args.js';
import { partnerOptions } from '../_client/client-options.js';
import { outputWidth, styleFor } from '../_output/style.js';
import { asSent } from '../report/_json.js';
import { writeStreamAtomic } from '../../core/index.js';
import { checkOutputFile, STDOUT, withOutputFlag } from '../_output/output-file.js';
import { plainText } from '../_output/sanitize.js';
import { UsageError } from '../_program/usage-error.js';
import { availableLanguages } from '../../locale/index.js'; // not index.js: that loads Handlebars
import { partnerStatusTable } from './_status-table.js';

/** `svc partner status`: every customer and its keys checked against the recommended models. */
export const statusCommand: Command = {
  name: 'status',
  summary: "Customers and keys checked against the partner's recommended models (table, JSON or workbook)",
  usage: 'partner status [--json] [-o partner.xlsx] [--language da|en]',
  examples: ['svc partner status', 'svc partner status --json', 'svc partner status -o partner.xlsx --language en'],
  options: {
    json: { type: 'boolean', description: 'print the API record as sent' },
    output: { type: 'string', short: 'o', valueName: 'FILE', description: 'write the partner workbook (XLSX): customers, keys (out-of-date ones highlighted), profiles' },
    language: { type: 'string', valueName: 'CODE', description: 'language of the workbook: da (default) or en' },
    ...partnerOptions,
  },
  async run(io, args) {
    const output = str(args, 'output');
    const json = bool(args, 'json');
    if (output !== undefined && json) throw new UsageError('give either --json or -o, not both');
    const language = choice(args, 'language', availableLanguages());
    if (language !== undefined && output === undefined) throw new UsageError('--language applies to the workbook: add -o FILE');
    const path = output === undefined || output === STDOUT ? undefined : await checkOutputFile('-o', output, io.cwd);
    const sent = asSent(bool(args, 'json'));
    // The client and the workbook writer load only now: a bad flag value is refused without them.
    const [{ partnerClientFrom }, { buildPartnerReport }] = await Promise.all([import('../_client/partner-client.js'), import('../../report/index.js')]);
    const status = await partnerClientFrom(io, args).getPartnerStatus(sent.call);
    if (json) {
      io.stdout.write(sent.text(status));
      return 0;
    }
    if (output === STDOUT) {
      await buildPartnerReport(status, { language: language ?? 'da', stream: io.stdout });
      return 0;
    }
    if (path !== undefined) {
      const size = await withOutputFlag('-o', output!, () => writeStreamAtomic(path, (stream) => buildPartnerReport(status, { language: language ?? 'da', stream })));
      const behind = status.customers.reduce((a, c) => a + c.keys.filter((k) => !k.has_recommended).length, 0);
      io.stdout.write(`Wrote ${plainText(path)} (${status.customers.length} customers, ${behind} keys not up to date, ${size} bytes)\n`);
      return 0;
    }
    io.stdout.write(partnerStatusTable(status, outputWidth(io), styleFor(io.stdout, io.env)));
    return 0;
  },
};
