import { Decimal } from '../money/index.js';
import type { Invoice } from '../model/index.js';
import { toMinorUnits, UnsafeAmountError, vatFromBps } from '../money/index.js';
import { countryCode } from './country-code.js';
import { isEuMemberState } from './eu-member-states.js';
import { thirdTerritory } from './third-territories.js';
import { compactVatNumber, isDanishSeller, vatNumberCountry } from './vat-number.js';
import type { VatDecision, VatInDkk, VatReason, VatSeverity, VatTreatment } from './types.js';

/** Denmark's one VAT rate, 25 % (momsloven § 33, stk. 1), in basis points. */
export const DANISH_VAT_BPS = 2500;

/**
 * Countries that are another's territory for VAT: transactions with Monaco are treated as with
 * France and with the Isle of Man as with the United Kingdom (VAT Directive art. 7), so a
 * Monegasque buyer's VAT number is French and that is no contradiction.
 */
const VAT_TERRITORY: Record<string, string> = { MC: 'FR', IM: 'GB' };
const territory = (code: string): string => VAT_TERRITORY[code] ?? code;

const SEVERITY_ORDER: Record<VatSeverity, number> = { error: 0, warning: 1, info: 2 };

/**
 * The VAT treatment of an invoice, decided from the record alone (the seller is a Danish
 * business selling services). Pure; reads only the fields listed in `fieldsRead`.
 *
 * The buyer's country comes from the VAT number's prefix (EU numbers: the member state's code,
 * EL for Greece; GB/XI, CHE, NO) and from `buyer.country` (names in Danish, English and the
 * country's own languages, or ISO codes); when both are present they must agree. A `buyer.country`
 * naming a territory the VAT Directive does not apply to (art. 6: the Canary Islands, Ceuta,
 * Melilla, Heligoland, Büsingen, Livigno, Campione d'Italia, Mount Athos, Åland, the French
 * territories of TFEU art. 349) puts the buyer outside the EU, its member state's VAT number no
 * contradiction (third-territories.ts).
 *
 * - 25 % VAT charged: `standard` (the invoice shows the rate and the VAT amount to pay:
 *   momsbekendtgørelsen § 58, stk. 1, nr. 8–9). Charged to a business with another member state's VAT number
 *   it is an error: services to a taxable person are supplied where that person is established
 *   (momsloven § 16, stk. 1; VAT Directive art. 44) and that person pays the VAT there (art. 196).
 * - 0 % to a buyer in another member state with a VAT number of that state: `reverse_charge`
 *   (the invoice must then say "reverse charge" and show the buyer's VAT number:
 *   momsbekendtgørelsen § 62, stk. 1; art. 226, points 4 and 11a).
 * - 0 % to a business outside the EU (it has a VAT or tax number, or a company registration
 *   number in `buyer.cvr`): `outside_scope`; the place of supply is where the buyer is established
 *   (§ 16, stk. 1; art. 44). The supplier may regard a customer outside the EU as a business on
 *   "the VAT number, or a similar number attributed to the customer by the country of
 *   establishment and used to identify businesses" (Implementing Regulation 282/2011, art. 18(3)):
 *   a Greenlandic company's CVR number is one (Greenland's companies are in the Central Business
 *   Register, CVR, since inatsisartutlov nr. 33 of 28 November 2016), and a Greenlandic or Faroese
 *   buyer often has no other number. Art. 59 (services to non-taxable persons outside the EU) is
 *   not used: without a number the record does not show a business, so that case is `undetermined`.
 * - Anything else is `undetermined`, with the reason.
 * Momslovens § 46, stk. 1, nr. 3 is not a basis here: it makes a Danish buyer pay the VAT on
 * services bought from a foreign supplier, the opposite direction.
 *
 * A USD invoice that charges VAT states the VAT in DKK too, at `usd_dkk_rate` (an invoice may be in
 * any currency if the VAT amount is given in DKK or EUR: momsbekendtgørelsen § 97, stk. 2; art.
 * 230); without a rate that is an error. An EUR invoice's VAT in EUR already satisfies § 97, stk. 2.
 */
export function decideVatFor(invoice: Invoice): VatDecision {
  const read = new Set<string>();
  // Every field the decision reads is recorded (VatDecision.read), then returned as it is.
  const get = <T>(path: string, value: T): T => {
    read.add(path);
    return value;
  };
  const reasons: VatReason[] = [];
  const reason = (code: VatReason['code'], severity: VatSeverity, paths: string[], message: string, params?: VatReason['params']): void => {
    reasons.push({ code, severity, paths, message, ...(params ? { params } : {}) });
  };

  const status = get('status', invoice.status);
  const rate = get('vat_rate_bps', invoice.vat_rate_bps);
  const vat = get('vat_cents', invoice.vat_cents);
  const subtotal = get('subtotal_cents', invoice.subtotal_cents);
  const currency = get('currency', invoice.currency);
  const sellerVat = compactVatNumber(get('seller.vat', invoice.seller.vat));
  const sellerCvr = get('seller.cvr', invoice.seller.cvr).trim();
  const buyerVatText = get('buyer.vat', invoice.buyer.vat).trim();
  const buyerCvrText = get('buyer.cvr', invoice.buyer.cvr).trim();
  const countryText = get('buyer.country', invoice.buyer.country).trim();

  // The buyer's country, from both sources. A territory the VAT Directive does not apply to
  // (art. 6: the Canary Islands, Åland, …) is outside the EU for VAT, whatever VAT number its
  // businesses hold: a member state's number of its own territory is no contradiction.
  const fromVat = vatNumberCountry(buyerVatText);
  const third = countryText ? thirdTerritory(countryText) : undefined;
  const fromCountry = third?.code ?? (countryText ? countryCode(countryText) : undefined);
  if (countryText && !fromCountry) reason('buyer_country_unknown', 'warning', ['buyer.country'], `buyer.country ${JSON.stringify(countryText)} names no country (expected a country name or an ISO 3166 code)`, { country: countryText });
  if (fromVat?.prefix === 'GR') reason('greek_vat_prefix', 'warning', ['buyer.vat'], `buyer.vat ${JSON.stringify(buyerVatText)}: Greek VAT numbers start with EL, not GR`, { vat: buyerVatText });
  const conflict = fromVat && fromCountry && territory(fromVat.country) !== territory(fromCountry) && fromVat.country !== third?.member;
  if (conflict) {
    reason('buyer_country_conflict', 'warning', ['buyer.country', 'buyer.vat'], `buyer.vat ${JSON.stringify(buyerVatText)} is from ${fromVat.country} but buyer.country ${JSON.stringify(countryText)} is ${fromCountry}`, {
      vat: buyerVatText, vat_country: fromVat.country, country: countryText, country_code: fromCountry,
    });
  }
  const country = conflict ? undefined : third ? third.code : (fromVat?.country ?? fromCountry);
  const inEu = country === undefined ? undefined : third ? false : isEuMemberState(country);
  // Where the buyer is, as the messages say it.
  const where = third ? `${third.name} (${third.code}, outside the EU's VAT territory: VAT Directive art. ${third.article})` : country;
  if (country) {
    const sources = [fromVat && `the prefix ${fromVat.prefix} of buyer.vat`, fromCountry && `buyer.country ${JSON.stringify(countryText)}`].filter(Boolean);
    reason('buyer_country', 'info', [fromVat ? 'buyer.vat' : 'buyer.country'], `the buyer is in ${where}${third ? '' : inEu ? ' (EU)' : ' (outside the EU)'}, from ${sources.join(' and ')}`);
  }

  const decide = (): VatTreatment => {
    if (!isDanishSeller({ vat: sellerVat, cvr: sellerCvr })) {
      reason('seller_not_danish', 'error', ['seller.vat'], `seller.vat ${JSON.stringify(invoice.seller.vat)} is not a Danish VAT number (DK…), so Danish VAT rules do not decide this invoice`, { vat: invoice.seller.vat });
      return 'undetermined';
    }
    if (rate !== 0 && rate !== DANISH_VAT_BPS) {
      reason('vat_rate_not_danish', 'error', ['vat_rate_bps'], `vat_rate_bps ${rate} is neither 0 nor Denmark's 25 % (2500)`, { rate: { bps: rate } });
      return 'undetermined';
    }
    // 25 % of a subtotal of 1 øre is 0.25 øre, which rounds to no VAT at all (the figures check's
    // rule, `vatFromBps`): still Danish VAT at 25 %, not a 0 % invoice that must explain itself.
    if (rate === DANISH_VAT_BPS && (vat !== 0 || vatFromBps(subtotal, rate) === 0)) {
      reason('danish_vat_charged', 'info', ['vat_rate_bps', 'vat_cents'], `Danish VAT at 25 % is charged (vat_cents ${vat})`);
      if (inEu && country !== 'DK' && fromVat?.eu) {
        reason('danish_vat_to_eu_business', 'error', ['buyer.vat', 'vat_rate_bps'], `Danish VAT is charged to a business with the ${country} VAT number ${JSON.stringify(buyerVatText)}: its services are supplied in ${country} and the buyer accounts for the VAT there (reverse charge), so the invoice should be at 0 %`, { country: country!, vat: buyerVatText });
      } else if (inEu === false && buyerVatText) {
        reason('danish_vat_outside_eu', 'warning', ['buyer.vat', 'vat_rate_bps'], `Danish VAT is charged to a business in ${where}, outside the EU, where services to a business are supplied (not subject to Danish VAT)`, { country: third ? third.name : country! });
      }
      return 'standard';
    }
    if (rate !== 0 || vat !== 0) {
      reason('vat_rate_mismatch', 'info', ['vat_cents', 'vat_rate_bps'], `vat_cents ${vat} does not match vat_rate_bps ${rate}`);
      return 'undetermined';
    }
    reason('no_vat_charged', 'info', ['vat_rate_bps', 'vat_cents'], 'no VAT is charged (0 %)');
    // `form` names which of the sentences it is, for saying it in another language (findingText).
    const unexplained = (path: string, why: string, form: string, values: Record<string, string> = {}): VatTreatment => {
      reason('zero_vat_unexplained', 'error', [path, 'vat_rate_bps'], `0 % VAT, but ${why}`, { form, ...values });
      return 'undetermined';
    };
    if (conflict) return unexplained('buyer.country', `the buyer's VAT number and country disagree, so its place of establishment is not known`, 'conflict');
    if (!country) return unexplained('buyer.country', `the buyer's country is not known (neither buyer.country nor the prefix of buyer.vat tells it)`, 'no_country');
    if (country === 'DK') return unexplained('vat_rate_bps', 'the buyer is in Denmark, where Danish VAT at 25 % applies', 'denmark');
    if (inEu) {
      if (fromVat?.eu) {
        reason('buyer_eu_vat_number', 'info', ['buyer.vat'], `the buyer has the ${country} VAT number ${JSON.stringify(buyerVatText)}: EU reverse charge`);
        return 'reverse_charge';
      }
      return unexplained('buyer.vat', `the buyer in ${country} has no VAT number of its member state (buyer.vat ${JSON.stringify(buyerVatText)}), which the reverse charge needs`, 'eu_no_vat', { country, vat: buyerVatText });
    }
    if (looksLikeNumber(buyerVatText)) {
      reason('buyer_outside_eu', 'info', ['buyer.vat', 'buyer.country'], `the buyer is a business in ${where}, outside the EU (VAT or tax number ${JSON.stringify(buyerVatText)}): not subject to Danish VAT`);
      return 'outside_scope';
    }
    if (looksLikeNumber(buyerCvrText)) {
      reason('buyer_outside_eu', 'info', ['buyer.cvr', 'buyer.country'], `the buyer is a business in ${where}, outside the EU (company registration number ${JSON.stringify(buyerCvrText)} in buyer.cvr, a number its country gives businesses: Implementing Regulation 282/2011, art. 18(3)): not subject to Danish VAT`);
      return 'outside_scope';
    }
    return unexplained('buyer.vat', `the buyer in ${where}, outside the EU, has no VAT, tax or company registration number (buyer.vat, buyer.cvr) showing it is a business`, 'outside_no_number', { country: third ? third.name : country });
  };
  const treatment = decide();

  let vatInDkk: VatInDkk | undefined;
  if (vat !== 0 && currency === 'USD') {
    const usdDkk = get('usd_dkk_rate', invoice.usd_dkk_rate);
    if (usdDkk) {
      vatInDkk = { minor: vatInDkkMinor(vat, usdDkk), rate: usdDkk, from: 'USD' };
      reason('vat_in_dkk', 'info', ['usd_dkk_rate', 'vat_cents'], `the VAT is also stated in DKK at usd_dkk_rate ${usdDkk.toString()}`);
    } else {
      reason('vat_not_in_dkk', 'error', ['usd_dkk_rate', 'currency'], `VAT is charged in USD but usd_dkk_rate is missing, so the VAT amount cannot be stated in DKK as Danish rules require`, {});
    }
  }

  reasons.sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity]);
  return {
    treatment,
    void: status === 'void',
    ...(country ? { buyerCountry: country, buyerInEu: inEu! } : {}),
    buyerCountryFrom: { ...(fromVat ? { vat: fromVat.country } : {}), ...(fromCountry ? { country: fromCountry } : {}) },
    ...(vatInDkk ? { vatInDkk } : {}),
    reasons,
    fieldsRead: [...read],
  };
}

/**
 * `vatCents` USD at `usdDkk` in øre, rounded half up. @throws UnsafeAmountError naming `vat_cents`
 * (and the product) past 2^53 − 1 øre, where no document can state it: an outside fuzz audit found
 * the error naming only "major".
 */
function vatInDkkMinor(vatCents: number, usdDkk: Decimal): number {
  const dkk = new Decimal(vatCents).times(usdDkk).dividedBy(100);
  try {
    return toMinorUnits(dkk);
  } catch (e) {
    if (e instanceof UnsafeAmountError) throw new UnsafeAmountError('vat_cents', `${vatCents} × usd_dkk_rate ${usdDkk.toFixed()} = ${dkk.toFixed()} DKK, which`);
    throw e;
  }
}

/**
 * Whether a buyer's VAT, tax or registration number outside the EU has a number in it: at least
 * five digits, whatever is written around them ("ABN: 51 824 753 556", "EIN #12-3456789",
 * "CHE-123.456.789 (MWST)", "VSK-nr. 12345", a CVR number). Not a word ("n/a", "none", "exempt"),
 * a lone digit ("0", "-1"), a year ("Incorporated 2019") or "TIN: 123", which each made a 0 %
 * invoice `outside_scope` that nothing flagged. A phone number written there still passes: the
 * record cannot tell it from a number.
 */
function looksLikeNumber(text: string): boolean {
  return (text.match(/\d/g)?.length ?? 0) >= 5;
}
