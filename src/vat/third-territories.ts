import { countryKey } from './country-code.js';

/**
 * A territory of a member state that the VAT Directive does not apply to (art. 6; a "third
 * territory", art. 5(3)): for VAT it is outside the EU, though its businesses may hold the member
 * state's VAT number (a company in the Canary Islands has a Spanish NIF, one in Åland a Finnish
 * Y-tunnus). A service to a business established there is supplied there (momsloven § 16, stk. 1;
 * art. 44): no Danish VAT, and no reverse charge in the member state.
 */
export interface ThirdTerritory {
  /** The member state it belongs to (ISO 3166-1 alpha-2). */
  member: string;
  /** Its address's country code: its own ISO 3166-1 code where it has one (AX, GP, …), else the member state's. */
  code: string;
  /** Its name in English, for messages. */
  name: string;
  /** The VAT Directive's point: `6(1)(b)`. */
  article: string;
}

/** Art. 6 as amended by Directive (EU) 2019/475 (Campione d'Italia and Lake Lugano moved to para. 1), with names buyers write. */
const TABLE: ReadonlyArray<ThirdTerritory & { names: string[] }> = [
  { member: 'GR', code: 'GR', name: 'Mount Athos', article: '6(1)(a)', names: ['Mount Athos', 'Athos', 'Agion Oros', 'Agio Oros', 'Άγιο Όρος', 'Άγιον Όρος', 'Athos-bjerget', 'Berg Athos', 'Mont Athos', 'Monte Athos'] },
  {
    member: 'ES', code: 'ES', name: 'the Canary Islands', article: '6(1)(b)',
    names: [
      'Canary Islands', 'Canaries', 'Islas Canarias', 'Canarias', 'Kanariske Øer', 'Kanarieøerne', 'Kanarische Inseln', 'Îles Canaries', 'Isole Canarie', 'Canarische Eilanden', 'Kanarieöarna', 'Kanariøyene', 'Kanariansaaret', 'Wyspy Kanaryjskie',
      // ISO 3166's codes for them (IC, exceptionally reserved; ES-CN), and the islands and provinces buyers write.
      'IC', 'ES-CN', 'Tenerife', 'Gran Canaria', 'Lanzarote', 'Fuerteventura', 'La Palma', 'La Gomera', 'El Hierro', 'Las Palmas', 'Las Palmas de Gran Canaria', 'Santa Cruz de Tenerife',
    ],
  },
  { member: 'FR', code: 'GP', name: 'Guadeloupe', article: '6(1)(c)', names: ['Guadeloupe', 'GP', 'GLP'] },
  { member: 'FR', code: 'GF', name: 'French Guiana', article: '6(1)(c)', names: ['French Guiana', 'Guyane', 'Guyane française', 'Fransk Guyana', 'Französisch-Guayana', 'Guayana Francesa', 'Guyana francese', 'GF', 'GUF'] },
  { member: 'FR', code: 'MQ', name: 'Martinique', article: '6(1)(c)', names: ['Martinique', 'Martinica', 'MQ', 'MTQ'] },
  { member: 'FR', code: 'RE', name: 'Réunion', article: '6(1)(c)', names: ['Réunion', 'La Réunion', 'Île de la Réunion', 'Reunion', 'RE', 'REU'] },
  { member: 'FR', code: 'YT', name: 'Mayotte', article: '6(1)(c)', names: ['Mayotte', 'YT', 'MYT'] },
  { member: 'FR', code: 'MF', name: 'Saint-Martin', article: '6(1)(c)', names: ['Saint-Martin', 'Saint Martin', 'St. Martin', 'St-Martin', 'Collectivité de Saint-Martin', 'MF', 'MAF'] },
  { member: 'FI', code: 'AX', name: 'the Åland Islands', article: '6(1)(d)', names: ['Åland', 'Åland Islands', 'Aland', 'Aaland', 'Ahvenanmaa', 'Ålandsøerne', 'Ålandsöarna', 'Åland-Inseln', 'Îles Åland', 'AX', 'ALA'] },
  { member: 'IT', code: 'IT', name: "Campione d'Italia", article: '6(1)(f)', names: ["Campione d'Italia", 'Campione d Italia', 'Campione'] },
  { member: 'DE', code: 'DE', name: 'Heligoland', article: '6(2)(a)', names: ['Heligoland', 'Helgoland'] },
  { member: 'DE', code: 'DE', name: 'Büsingen', article: '6(2)(b)', names: ['Büsingen', 'Büsingen am Hochrhein'] },
  { member: 'ES', code: 'ES', name: 'Ceuta', article: '6(2)(c)', names: ['Ceuta', 'ES-CE', 'Ceuta y Melilla', 'Ceuta and Melilla', 'Ceuta og Melilla', 'EA'] },
  { member: 'ES', code: 'ES', name: 'Melilla', article: '6(2)(d)', names: ['Melilla', 'ES-ML'] },
  { member: 'IT', code: 'IT', name: 'Livigno', article: '6(2)(e)', names: ['Livigno'] },
];

/** The member states' names buyers write beside a territory's ("Canary Islands, Spain", "España (Canarias)"). */
const MEMBER_NAMES: Record<string, string[]> = {
  ES: ['Spain', 'España', 'Spanien', 'Espagne', 'Spagna', 'Spanje', 'ES'],
  FR: ['France', 'Frankrig', 'Frankreich', 'Francia', 'Frankrijk', 'FR'],
  FI: ['Finland', 'Suomi', 'Finnland', 'Finlande', 'FI'],
  DE: ['Germany', 'Deutschland', 'Tyskland', 'Allemagne', 'Germania', 'DE'],
  IT: ['Italy', 'Italia', 'Italien', 'Italie', 'IT'],
  GR: ['Greece', 'Ελλάδα', 'Grækenland', 'Griechenland', 'Grèce', 'Grecia', 'GR', 'EL'],
};

let index: Map<string, ThirdTerritory> | undefined;

/** The third territory `text` (a buyer's country) names, as countryCode compares names, alone or with its member state's name; undefined for any other text. */
export function thirdTerritory(text: string): ThirdTerritory | undefined {
  if (!index) {
    index = new Map();
    for (const { names, ...territory } of TABLE) {
      for (const name of names) {
        const key = countryKey(name);
        index.set(key, territory);
        // A code (IC, ES-CN, MAF) stands alone: "ES IC" is not written.
        if (/^[A-Z]{2,3}$|^[A-Z]{2}-[A-Z]{2}$/.test(name)) continue;
        for (const member of MEMBER_NAMES[territory.member] ?? []) {
          const m = countryKey(member);
          index.set(`${key} ${m}`, territory);
          index.set(`${m} ${key}`, territory);
        }
      }
    }
  }
  return index.get(countryKey(text));
}
