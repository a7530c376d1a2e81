import { EU_MEMBER_STATES } from './eu-member-states.js';
import { isoCodes, worldNames } from './_country-names.js';

/**
 * A name as compared: Unicode-normalised, without accents, case, dots, a leading "the" or
 * extra spaces ("Österreich" = "osterreich", "U.S.A." = "usa", "The Netherlands" = "netherlands").
 */
export function countryKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[.\u2019']/g, '')
    .replace(/[\s\u00a0,()-]+/g, ' ')
    .trim()
    .replace(/^the /, '');
}

/** Codes that are not ISO 3166-1 alpha-2 but are written for a country: EL (Greece, in VAT numbers), UK. */
const EXTRA_CODES: Record<string, string> = { el: 'GR', uk: 'GB' };

/**
 * The United Kingdom's four countries, which buyers write as their country ("England") and ISO
 * 3166-1 does not list: GB, in the languages above where the name differs. Northern Ireland is GB
 * for a service too: the Protocol on Ireland/Northern Ireland (Withdrawal Agreement, art. 8)
 * keeps only EU VAT on goods there, which is what the XI prefix is for.
 */
const UK_COUNTRY_NAMES = [
  'england', 'angleterre', 'inglaterra', 'inghilterra', 'engeland', 'anglia',
  'scotland', 'skotland', 'schottland', 'skottland', 'ecosse', 'escocia', 'scozia', 'schotland', 'szkocja', 'skotlanti',
  'wales', 'pays de galles', 'gales', 'galles', 'walia',
  'northern ireland', 'nordirland', 'nord irland', 'irlande du nord', 'irlanda del norte', 'irlanda del nord', 'noord ierland', 'pohjois irlanti',
  'britain',
];

let eu: Map<string, string> | undefined;
let world: Map<string, string | null> | undefined;

/** The EU's names and codes: our own table, authoritative for VAT. */
function euIndex(): Map<string, string> {
  if (eu) return eu;
  eu = new Map();
  for (const s of EU_MEMBER_STATES) {
    for (const key of [s.code, s.alpha3, s.vatPrefix, ...s.names].map(countryKey)) eu.set(key, s.code);
  }
  return eu;
}

/** Every other country's names and ISO codes; a name two countries share maps to null (ambiguous). */
function worldIndex(): Map<string, string | null> {
  if (world) return world;
  const index = new Map<string, string | null>();
  const add = (key: string, code: string): void => {
    const had = index.get(key);
    if (had === undefined) index.set(key, code);
    else if (had !== code) index.set(key, null);
  };
  for (const [alpha2, alpha3] of isoCodes()) {
    add(countryKey(alpha2), alpha2);
    add(countryKey(alpha3), alpha2);
  }
  for (const [name, code] of worldNames()) add(countryKey(name), code);
  for (const [key, code] of Object.entries(EXTRA_CODES)) index.set(key, code);
  for (const name of UK_COUNTRY_NAMES) index.set(countryKey(name), 'GB');
  world = index;
  return index;
}

/**
 * The ISO 3166-1 alpha-2 code of a country written as free text: a name in Danish, English,
 * the country's own language (EU member states: every official language) or another EU or
 * Nordic language, or an ISO 3166-1 alpha-2 or alpha-3 code, in any case and with or without
 * accents; EL and UK are read as GR and GB. `undefined` when the text names no country, or
 * names more than one. ("Danmark" → DK, "Deutschland" → DE, "Ελλάδα" → GR, "United Kingdom" and
 * "England" → GB.)
 */
export function countryCode(text: string): string | undefined {
  if (seen.has(text)) return seen.get(text);
  const key = countryKey(text);
  const code = key ? (euIndex().get(key) ?? worldIndex().get(key) ?? undefined) : undefined;
  // The same few country texts come back on every invoice of a month-end run.
  if (seen.size >= 1024) seen.clear();
  seen.set(text, code);
  return code;
}

const seen = new Map<string, string | undefined>();
