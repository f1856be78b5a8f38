/**
 * Indian states and union territories with the figures advAnalytics buckets
 * clicks by. Shipped with the server: no network look-ups.
 *
 * The figures are APPROXIMATE, typed in from the published tables named
 * below and rounded; they are meant to sort states into three broad bands,
 * not to be quoted. `null` means no figure is published for that territory
 * (it then falls in no bucket for that key).
 *
 * Columns and sources:
 * - perCapitaIncome: per-capita Net State Domestic Product at current prices,
 *   in rupees, rounded to the thousand, 2022-23 (2021-22 where the state had
 *   not published 2022-23). Source: RBI, Handbook of Statistics on Indian
 *   States 2023-24, table "Per Capita Net State Domestic Product (Current
 *   Prices)", compiled from state DES and MoSPI figures (base 2011-12). Used
 *   as the proxy for purchasing power ("power parity").
 * - literacy: literacy rate, per cent of the population aged 7 and over.
 *   Source: Census of India 2011, Primary Census Abstract. Telangana (formed
 *   2014) and the merged Dadra and Nagar Haveli and Daman and Diu, and Ladakh
 *   (part of Jammu and Kashmir in 2011), are recomputed from their 2011
 *   districts, approximately.
 * - upiTier: 1 advanced, 2 intermediate, 3 beginning UPI adoption. NPCI
 *   publishes UPI volumes nationally and by app, not by state; the tiers are
 *   a judgement from state-wise UPI transaction counts per head in PhonePe
 *   Pulse (PhonePe's open data set, github.com/PhonePe/pulse), 2023,
 *   approximate.
 * - medianAge: median age in years, approximate, 2011. Source: Census of
 *   India 2011, single-year age returns (table C-13), median estimated from
 *   the age distribution; rounded to the year.
 */
export interface IndiaState {
  name: string;
  /** ISO 3166-2:IN subdivision codes without the "IN-" prefix, old and new. */
  codes: readonly string[];
  /** Other names the state is known or written by. */
  aliases: readonly string[];
  perCapitaIncome: number | null;
  literacy: number;
  upiTier: 1 | 2 | 3;
  medianAge: number;
}

// prettier-ignore
export const INDIA_STATES: readonly IndiaState[] = [
  { name: 'Andhra Pradesh', codes: ['AP'], aliases: [], perCapitaIncome: 220_000, literacy: 67.0, upiTier: 1, medianAge: 27 },
  { name: 'Arunachal Pradesh', codes: ['AR'], aliases: [], perCapitaIncome: 206_000, literacy: 65.4, upiTier: 3, medianAge: 22 },
  { name: 'Assam', codes: ['AS'], aliases: [], perCapitaIncome: 119_000, literacy: 72.2, upiTier: 3, medianAge: 23 },
  { name: 'Bihar', codes: ['BR'], aliases: [], perCapitaIncome: 54_000, literacy: 61.8, upiTier: 3, medianAge: 20 },
  { name: 'Chhattisgarh', codes: ['CT', 'CG'], aliases: ['Chattisgarh', 'Chhatisgarh'], perCapitaIncome: 134_000, literacy: 70.3, upiTier: 2, medianAge: 23 },
  { name: 'Goa', codes: ['GA'], aliases: [], perCapitaIncome: 472_000, literacy: 88.7, upiTier: 1, medianAge: 29 },
  { name: 'Gujarat', codes: ['GJ'], aliases: [], perCapitaIncome: 274_000, literacy: 78.0, upiTier: 2, medianAge: 25 },
  { name: 'Haryana', codes: ['HR'], aliases: [], perCapitaIncome: 297_000, literacy: 75.6, upiTier: 1, medianAge: 25 },
  { name: 'Himachal Pradesh', codes: ['HP'], aliases: [], perCapitaIncome: 222_000, literacy: 82.8, upiTier: 2, medianAge: 27 },
  { name: 'Jharkhand', codes: ['JH'], aliases: [], perCapitaIncome: 92_000, literacy: 66.4, upiTier: 3, medianAge: 22 },
  { name: 'Karnataka', codes: ['KA'], aliases: [], perCapitaIncome: 304_000, literacy: 75.4, upiTier: 1, medianAge: 26 },
  { name: 'Kerala', codes: ['KL'], aliases: ['Keralam'], perCapitaIncome: 229_000, literacy: 94.0, upiTier: 2, medianAge: 31 },
  { name: 'Madhya Pradesh', codes: ['MP'], aliases: [], perCapitaIncome: 141_000, literacy: 69.3, upiTier: 2, medianAge: 22 },
  { name: 'Maharashtra', codes: ['MH'], aliases: [], perCapitaIncome: 242_000, literacy: 82.3, upiTier: 1, medianAge: 26 },
  { name: 'Manipur', codes: ['MN'], aliases: [], perCapitaIncome: 91_000, literacy: 76.9, upiTier: 3, medianAge: 25 },
  { name: 'Meghalaya', codes: ['ML'], aliases: [], perCapitaIncome: 103_000, literacy: 74.4, upiTier: 3, medianAge: 20 },
  { name: 'Mizoram', codes: ['MZ'], aliases: [], perCapitaIncome: 198_000, literacy: 91.3, upiTier: 3, medianAge: 24 },
  { name: 'Nagaland', codes: ['NL'], aliases: [], perCapitaIncome: 131_000, literacy: 79.6, upiTier: 3, medianAge: 23 },
  { name: 'Odisha', codes: ['OR', 'OD'], aliases: ['Orissa'], perCapitaIncome: 151_000, literacy: 72.9, upiTier: 2, medianAge: 26 },
  { name: 'Punjab', codes: ['PB'], aliases: [], perCapitaIncome: 174_000, literacy: 75.8, upiTier: 2, medianAge: 27 },
  { name: 'Rajasthan', codes: ['RJ'], aliases: [], perCapitaIncome: 156_000, literacy: 66.1, upiTier: 2, medianAge: 22 },
  { name: 'Sikkim', codes: ['SK'], aliases: [], perCapitaIncome: 519_000, literacy: 81.4, upiTier: 2, medianAge: 25 },
  { name: 'Tamil Nadu', codes: ['TN'], aliases: ['Tamilnadu'], perCapitaIncome: 276_000, literacy: 80.1, upiTier: 2, medianAge: 29 },
  { name: 'Telangana', codes: ['TG', 'TS'], aliases: ['Telengana'], perCapitaIncome: 309_000, literacy: 66.5, upiTier: 1, medianAge: 26 },
  { name: 'Tripura', codes: ['TR'], aliases: [], perCapitaIncome: 160_000, literacy: 87.2, upiTier: 3, medianAge: 26 },
  { name: 'Uttar Pradesh', codes: ['UP'], aliases: [], perCapitaIncome: 84_000, literacy: 67.7, upiTier: 3, medianAge: 21 },
  { name: 'Uttarakhand', codes: ['UT', 'UK'], aliases: ['Uttaranchal'], perCapitaIncome: 234_000, literacy: 78.8, upiTier: 2, medianAge: 24 },
  { name: 'West Bengal', codes: ['WB'], aliases: ['Bengal', 'Paschim Banga'], perCapitaIncome: 141_000, literacy: 76.3, upiTier: 2, medianAge: 26 },
  { name: 'Andaman and Nicobar Islands', codes: ['AN'], aliases: ['Andaman and Nicobar', 'Andaman Nicobar'], perCapitaIncome: 234_000, literacy: 86.6, upiTier: 2, medianAge: 27 },
  { name: 'Chandigarh', codes: ['CH'], aliases: [], perCapitaIncome: 331_000, literacy: 86.1, upiTier: 1, medianAge: 27 },
  {
    name: 'Dadra and Nagar Haveli and Daman and Diu', codes: ['DH', 'DN', 'DD'],
    aliases: ['Dadra and Nagar Haveli', 'Daman and Diu', 'DNHDD'],
    perCapitaIncome: null, literacy: 80.7, upiTier: 2, medianAge: 24,
  },
  { name: 'Delhi', codes: ['DL'], aliases: ['NCT of Delhi', 'National Capital Territory of Delhi', 'New Delhi'], perCapitaIncome: 445_000, literacy: 86.2, upiTier: 1, medianAge: 25 },
  { name: 'Jammu and Kashmir', codes: ['JK'], aliases: ['Jammu Kashmir'], perCapitaIncome: 142_000, literacy: 67.2, upiTier: 2, medianAge: 23 },
  { name: 'Ladakh', codes: ['LA'], aliases: [], perCapitaIncome: null, literacy: 75.9, upiTier: 3, medianAge: 26 },
  { name: 'Lakshadweep', codes: ['LD'], aliases: ['Laccadive Islands'], perCapitaIncome: null, literacy: 91.8, upiTier: 3, medianAge: 25 },
  { name: 'Puducherry', codes: ['PY'], aliases: ['Pondicherry'], perCapitaIncome: 235_000, literacy: 85.9, upiTier: 2, medianAge: 29 },
];
