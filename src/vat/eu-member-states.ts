/**
 * The 27 member states of the European Union, each with its ISO 3166-1 codes, the prefix of
 * its VAT identification numbers, and its names in Danish, English and its own official
 * languages (the names a buyer's free-text `country` may hold).
 *
 * VAT numbers carry the ISO 3166-1 alpha-2 code as prefix, except Greece, which uses EL
 * (VAT Directive 2006/112/EC, art. 215; the VIES list of prefixes). Territories outside the
 * EU's VAT area (art. 6: e.g. Åland, the Faroe Islands, Greenland) have their own ISO codes and
 * are therefore not in this table.
 */
export interface EuMemberState {
  /** ISO 3166-1 alpha-2. */
  code: string;
  /** ISO 3166-1 alpha-3. */
  alpha3: string;
  /** Prefix of the state's VAT numbers (EL for Greece). */
  vatPrefix: string;
  /** Names: Danish, English, then the state's own languages; variants a writer uses. */
  names: readonly string[];
}

const state = (code: string, alpha3: string, names: string[], vatPrefix = code): EuMemberState => ({ code, alpha3, vatPrefix, names });

export const EU_MEMBER_STATES: readonly EuMemberState[] = [
  state('AT', 'AUT', ['Østrig', 'Austria', 'Österreich', 'Republik Österreich', 'Republic of Austria']),
  state('BE', 'BEL', ['Belgien', 'Belgium', 'België', 'Belgique', 'Kingdom of Belgium', 'Koninkrijk België', 'Royaume de Belgique']),
  state('BG', 'BGR', ['Bulgarien', 'Bulgaria', 'България', 'Република България', 'Republic of Bulgaria']),
  state('HR', 'HRV', ['Kroatien', 'Croatia', 'Hrvatska', 'Republika Hrvatska', 'Republic of Croatia']),
  state('CY', 'CYP', ['Cypern', 'Cyprus', 'Κύπρος', 'Kıbrıs', 'Kypros', 'Republic of Cyprus', 'Κυπριακή Δημοκρατία']),
  state('CZ', 'CZE', ['Tjekkiet', 'Den Tjekkiske Republik', 'Czechia', 'Czech Republic', 'Česko', 'Česká republika']),
  state('DK', 'DNK', ['Danmark', 'Denmark', 'Kongeriget Danmark', 'Kingdom of Denmark']),
  state('EE', 'EST', ['Estland', 'Estonia', 'Eesti', 'Eesti Vabariik', 'Republic of Estonia']),
  state('FI', 'FIN', ['Finland', 'Suomi', 'Republic of Finland', 'Suomen tasavalta', 'Republiken Finland']),
  state('FR', 'FRA', ['Frankrig', 'France', 'République française', 'French Republic']),
  state('DE', 'DEU', ['Tyskland', 'Germany', 'Deutschland', 'Bundesrepublik Deutschland', 'Federal Republic of Germany']),
  state('GR', 'GRC', ['Grækenland', 'Greece', 'Ελλάδα', 'Ελλάς', 'Ελληνική Δημοκρατία', 'Hellas', 'Hellenic Republic', 'Elláda'], 'EL'),
  state('HU', 'HUN', ['Ungarn', 'Hungary', 'Magyarország']),
  state('IE', 'IRL', ['Irland', 'Ireland', 'Éire', 'Poblacht na hÉireann', 'Republic of Ireland']),
  state('IT', 'ITA', ['Italien', 'Italy', 'Italia', 'Repubblica Italiana', 'Italian Republic']),
  state('LV', 'LVA', ['Letland', 'Latvia', 'Latvija', 'Latvijas Republika', 'Republic of Latvia']),
  state('LT', 'LTU', ['Litauen', 'Lithuania', 'Lietuva', 'Lietuvos Respublika', 'Republic of Lithuania']),
  state('LU', 'LUX', ['Luxembourg', 'Luxemburg', 'Lëtzebuerg', 'Grand Duchy of Luxembourg', 'Grand-Duché de Luxembourg', 'Storhertugdømmet Luxembourg']),
  state('MT', 'MLT', ['Malta', 'Repubblika ta’ Malta', "Repubblika ta' Malta", 'Republic of Malta']),
  state('NL', 'NLD', ['Nederlandene', 'Holland', 'Netherlands', 'The Netherlands', 'Nederland', 'Koninkrijk der Nederlanden', 'Kingdom of the Netherlands']),
  state('PL', 'POL', ['Polen', 'Poland', 'Polska', 'Rzeczpospolita Polska', 'Republic of Poland']),
  state('PT', 'PRT', ['Portugal', 'República Portuguesa', 'Portuguese Republic']),
  state('RO', 'ROU', ['Rumænien', 'Romania', 'România']),
  state('SK', 'SVK', ['Slovakiet', 'Slovakia', 'Slovensko', 'Slovenská republika', 'Slovak Republic']),
  state('SI', 'SVN', ['Slovenien', 'Slovenia', 'Slovenija', 'Republika Slovenija', 'Republic of Slovenia']),
  state('ES', 'ESP', ['Spanien', 'Spain', 'España', 'Reino de España', 'Kingdom of Spain', 'Espanya', 'Espainia']),
  state('SE', 'SWE', ['Sverige', 'Sweden', 'Konungariket Sverige', 'Kingdom of Sweden']),
];

const byCode = new Map(EU_MEMBER_STATES.map((s) => [s.code, s]));

/** Whether an ISO 3166-1 alpha-2 code is an EU member state. */
export function isEuMemberState(code: string): boolean {
  return byCode.has(code);
}

/** The member state of an ISO 3166-1 alpha-2 code, if it is one. */
export function euMemberState(code: string): EuMemberState | undefined {
  return byCode.get(code);
}
