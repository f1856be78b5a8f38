/**
 * Currencies for the sale form: how many minor units each has, the one a
 * user's locale most likely means, and the ISO 4217 list with names in the
 * user's language. All of it from Intl, so no currency table ships with the
 * extension except the region -> currency guess Intl has no API for.
 */

/** Where Intl gives no answer: the currency a region uses (the common ones; the rest fall back to USD). */
const REGION_CURRENCY: Readonly<Record<string, string>> = {
  US: 'USD', IN: 'INR', GB: 'GBP', JP: 'JPY', CN: 'CNY', CA: 'CAD', AU: 'AUD', NZ: 'NZD', BR: 'BRL', MX: 'MXN',
  AR: 'ARS', CL: 'CLP', CO: 'COP', PE: 'PEN', CH: 'CHF', LI: 'CHF', SE: 'SEK', NO: 'NOK', DK: 'DKK', IS: 'ISK',
  PL: 'PLN', CZ: 'CZK', HU: 'HUF', RO: 'RON', BG: 'BGN', UA: 'UAH', RU: 'RUB', TR: 'TRY', IL: 'ILS', EG: 'EGP',
  SA: 'SAR', AE: 'AED', QA: 'QAR', BH: 'BHD', KW: 'KWD', OM: 'OMR', JO: 'JOD', ZA: 'ZAR', NG: 'NGN', KE: 'KES',
  PK: 'PKR', BD: 'BDT', LK: 'LKR', NP: 'NPR', SG: 'SGD', MY: 'MYR', ID: 'IDR', TH: 'THB', VN: 'VND', PH: 'PHP',
  KR: 'KRW', TW: 'TWD', HK: 'HKD',
  // The euro area.
  AT: 'EUR', BE: 'EUR', CY: 'EUR', DE: 'EUR', EE: 'EUR', ES: 'EUR', FI: 'EUR', FR: 'EUR', GR: 'EUR', HR: 'EUR',
  IE: 'EUR', IT: 'EUR', LT: 'EUR', LU: 'EUR', LV: 'EUR', MT: 'EUR', NL: 'EUR', PT: 'EUR', SI: 'EUR', SK: 'EUR',
};

export const FALLBACK_CURRENCY = 'USD';

/** Minor units of a currency as the locale's formatter uses them: JPY 0, USD and INR 2, BHD and KWD 3. */
export function minorDigits(currency: string, locale: string): number {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** The region a locale means, filling it in when absent (`hi` -> IN, `de` -> DE); null when unknown. */
function regionOf(locale: string): string | null {
  try {
    return new Intl.Locale(locale).maximize().region ?? null;
  } catch {
    return null;
  }
}

/** The currency a user with this locale most likely pays in: en-IN and hi -> INR, de-DE -> EUR; else USD. */
export function defaultCurrency(locale: string): string {
  const region = regionOf(locale);
  return (region !== null ? REGION_CURRENCY[region] : undefined) ?? FALLBACK_CURRENCY;
}

/** Every ISO 4217 code the runtime knows; the codes of our region table where Intl cannot list them. */
export function currencyCodes(): string[] {
  const intl = Intl as { supportedValuesOf?: (key: 'currency') => string[] };
  if (typeof intl.supportedValuesOf === 'function') return intl.supportedValuesOf('currency');
  return [...new Set([...Object.values(REGION_CURRENCY), FALLBACK_CURRENCY])].sort();
}

export interface CurrencyOption {
  code: string;
  /** "Indian Rupee (INR)" in the user's language, or the code alone where the runtime has no name. */
  label: string;
}

/** The picker's options, sorted by name in the user's language. */
export function currencyOptions(locale: string): CurrencyOption[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([locale], { type: 'currency' });
  } catch {
    names = null;
  }
  const options = currencyCodes().map((code) => {
    const name = names?.of(code);
    return { code, label: name && name !== code ? `${name} (${code})` : code };
  });
  const collator = new Intl.Collator(locale);
  return options.sort((a, b) => collator.compare(a.label, b.label));
}
