import type { PartnerStatus } from '../../model/index.js';
import { plainText } from '../_output/sanitize.js';
import type { Style } from '../_output/style.js';
import { renderTable } from '../_output/table.js';
import { wrap } from '../_output/wrap.js';

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
    ]);
    out.push(
      renderTable([{ header: 'KEY', flex: true, min: 8 }, { header: 'PREFIX' }, { header: 'PROFILE' }, { header: 'UP TO DATE' }, { header: 'LOCKED' }], rows, width, style).trimEnd(),
    );
    // What to do per key, wrapped rather than cut: model lists are the point of this command.
    for (const k of c.keys) {
      const todo = [
        k.missing_recommended.length ? `add ${list(k.missing_recommended)}` : '',
        k.not_allowed.length ? `recommended but not allowed here: ${list(k.not_allowed)}` : '',
        k.no_longer_offered.length ? `no longer offered: ${list(k.no_longer_offered)}` : '',
      ].filter(Boolean);
      if (todo.length) out.push(...wrap(`${plainText(k.name)}: ${todo.join('; ')}`, width, '  ', '    '));
    }
  }
  if (status.profiles.length) out.push('', style.bold('Profiles'));
  for (const p of status.profiles) {
    const how = p.follows_router ? 'follows the router models' : 'fixed set, keys locked';
    out.push(...wrap(`${plainText(p.name)} (${p.key_count} keys, ${how}): ${list(p.recommended)}`, width, '  ', '    '));
  }
  return `${out.join('\n')}\n`;
}
