import { readFileSync } from 'node:fs';
import { SAMPLES } from '../_harness/index.js';

/** The raw usage rows of a bundled organization, read independently of the server's parser. */
export function rawRows(orgId: string) {
  const lines = readFileSync(`${SAMPLES}orgs/${orgId}/usage.csv`, 'utf8').trim().split('\n').slice(1);
  return lines.map((l) => {
    const [date, key, model, p, c, cr, cc, req, spend] = l.split(',');
    return { date: date!, key: key!, model: model!, prompt: BigInt(p!), completion: BigInt(c!), cacheRead: BigInt(cr!), cacheCreation: BigInt(cc!), requests: BigInt(req!), spendMicro: BigInt(spend!) };
  });
}

/** `12.5` from 12500000 micro-dollars, as the API writes spend. */
export function usd(micro: bigint): string {
  const whole = micro / 1_000_000n, frac = (micro % 1_000_000n).toString().padStart(6, '0').replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : `${whole}`;
}
