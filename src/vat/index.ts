export { decideVat } from './decide-vat-input.js';
export { decideVatFor, DANISH_VAT_BPS } from './decide-vat.js';
export { countryCode, countryKey } from './country-code.js';
export { EU_MEMBER_STATES, isEuMemberState, euMemberState, type EuMemberState } from './eu-member-states.js';
export { vatNumberCountry, compactVatNumber, isDanishSeller, type VatNumberCountry } from './vat-number.js';
export type { VatDecision, VatTreatment, VatReason, VatReasonCode, VatFindingCode, VatInfoCode, VatSeverity, VatInDkk } from './types.js';
export {
  chargeableEvent, chargeableEventOf, dkkAtRate, dkkConversion, dkkRateFacts, invoiceDkkAmounts, safeOre, splitDkk, toDkkMinor, usableUsdRate,
  type ChargeableEvent, type DkkConversion, type DkkRateFacts, type InvoiceDkkAmounts,
} from './dkk-conversion.js';
export { thirdTerritory, type ThirdTerritory } from './third-territories.js';
