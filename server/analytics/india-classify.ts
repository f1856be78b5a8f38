import { ADV_ANALYTICS_KEYS, type AdvAnalyticsKey } from '../../lib/contract/schemas/analytics';
import { INDIA_STATES, type IndiaState } from './india-states';

/** Lower-case letters and digits only, accents dropped, "&" read as "and": "Jammu & Kashmir" = "jammuandkashmir". */
function normalise(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]/g, '');
}

const BY_NAME = new Map<string, IndiaState>();
const BY_CODE = new Map<string, IndiaState>();
for (const state of INDIA_STATES) {
  for (const name of [state.name, ...state.aliases]) BY_NAME.set(normalise(name), state);
  for (const code of state.codes) BY_CODE.set(code, state);
}

const INDIA_NAMES = new Set(['in', 'ind', 'india', 'bharat']);
const UNKNOWN_COUNTRIES = new Set(['', 'unknown']);

/**
 * The Indian state or union territory a click's location names, or null.
 * A click whose country is known and not India never matches (Punjab is also
 * a province of Pakistan). "IN-MH" matches wherever the country is unknown; a
 * bare code ("MH") only when the country is India, since two-letter codes
 * mean other things elsewhere. Names match case-insensitively, with aliases
 * ("Orissa", "Pondicherry", "NCT of Delhi").
 */
export function findIndiaState(state: string, country: string): IndiaState | null {
  const countryKey = normalise(country);
  const inIndia = INDIA_NAMES.has(countryKey);
  if (!inIndia && !UNKNOWN_COUNTRIES.has(countryKey)) return null;
  const text = state.trim();
  const iso = /^IN-([A-Z]{2})$/i.exec(text);
  if (iso?.[1]) return BY_CODE.get(iso[1].toUpperCase()) ?? null;
  if (/^[A-Z]{2}$/i.test(text)) return inIndia ? (BY_CODE.get(text.toUpperCase()) ?? null) : null;
  return BY_NAME.get(normalise(text)) ?? null;
}

/**
 * Band thresholds, so each key's three buckets (ADV_ANALYTICS_KEYS, in order:
 * high, middle, low) hold a sensible share of states:
 * - income: India's per-capita net national income was about ₹1.7 lakh in
 *   2022-23; ≥ ₹2.5 lakh is well above it, below ₹1.5 lakh well under it.
 * - literacy: the 2011 national rate was 73 %; ≥ 80 % high, below 70 % low.
 * - UPI: the tier in the table.
 * - age: the 2011 national median was about 24 years; a median under 23 is
 *   youthful, 27 or more is where the young are scarce.
 */
function bucketIndex(key: AdvAnalyticsKey, state: IndiaState): 0 | 1 | 2 | null {
  switch (key) {
    case 'power_parity_recommendation':
      if (state.perCapitaIncome === null) return null;
      return state.perCapitaIncome >= 250_000 ? 0 : state.perCapitaIncome >= 150_000 ? 1 : 2;
    case 'population_literacy_recommendation':
      return state.literacy >= 80 ? 0 : state.literacy >= 70 ? 1 : 2;
    case 'upi_penetration_recommendation':
      return (state.upiTier - 1) as 0 | 1 | 2;
    case 'age_groups_recommendation':
      return state.medianAge < 23 ? 0 : state.medianAge < 27 ? 1 : 2;
  }
}

/** The bucket name (one of ADV_ANALYTICS_KEYS[key]) a state falls in, or null when its figure is not published. */
export function bucketOf(key: AdvAnalyticsKey, state: IndiaState): string | null {
  const index = bucketIndex(key, state);
  return index === null ? null : ADV_ANALYTICS_KEYS[key][index];
}
