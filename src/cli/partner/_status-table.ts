import type { PartnerStatus } from '../../model/index.js';
import { plainText } from '../_output/sanitize.js';
import type { Style } from '../_output/style.js';
import { renderTable } from '../_output/table.js';

const list = (xs: string[]) => (xs.length ? plainText(xs.join(', ')) : '-');

/** The readable partner status: a line per customer, then its keys with what each is missing. */
export function partnerStatusTable(status: PartnerStatus, width: number, style: Style): string {
  const out: string[] = [
    style.bold(`${plainText(status.name)} (${plainText(status.org_id)}): ${status.key_count} keys, ${status.keys_missing_recommended} missing recommended models`),
  ];
  for (const c of status.customers) {
    const behind = c.keys.filter((k) => !k.has_recommended).length;
    out.push('', style.bold(`${plainText(c.customer.name)} (${plainText(c.customer.org_id)}): ${c.customer.key_count} keys, ${behind} not up to date`));
    if (c.keys.length === 0) {
      out.push('  no keys');
      continue;
    }
    const rows = c.keys.map((k) => [
      plainText(k.name),
      plainText(k.key_prefix),
      plainText(k.profile_name),
      k.has_recommended ? style.green('yes') : style.red('no'),
      k.locked ? 'yes' : 'no',
      [k.missing_recommended.length ? `add ${list(k.missing_recommended)}` : '', k.not_allowed.length ? `not allowed here: ${list(k.not_allowed)}` : '']
        .filter(Boolean)
        .join('; ') || '-',
    ]);
    out.push(
      renderTable(
        [{ header: 'KEY' }, { header: 'PREFIX' }, { header: 'PROFILE' }, { header: 'UP TO DATE' }, { header: 'LOCKED' }, { header: 'TO DO', flex: true, min: 10 }],
        rows,
        width,
        style,
      ).trimEnd(),
    );
  }
  if (status.profiles.length) {
    out.push('', style.bold('Profiles'));
    out.push(
      renderTable(
        [{ header: 'PROFILE' }, { header: 'KEYS', align: 'right' }, { header: 'RECOMMENDED', flex: true, min: 12 }, { header: 'FOLLOWS ROUTER' }],
        status.profiles.map((p) => [plainText(p.name), String(p.key_count), list(p.recommended), p.follows_router ? 'yes' : 'no']),
        width,
        style,
      ).trimEnd(),
    );
  }
  return `${out.join('\n')}\n`;
}
