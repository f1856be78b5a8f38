/**
 * Numbers, money, times and plural forms in the user's language, all through
 * Intl (one place, so every page formats alike). The language is the
 * browser's UI language, the one it picks the catalogue by.
 *
 * Counts use the Indian digit grouping (1,00,000) in every language: the
 * service's analytics are built for India (Indian states, UPI adoption, INR),
 * and its users read lakhs and crores. Percentages and money follow the
 * language's own conventions.
 */
import { browser } from '../browser/native-api';

export function uiLocale(): string {
  return browser.i18n.getUILanguage() || 'en';
}

/** The language with India as its region: `hi` -> `hi-IN`, `en-US` -> `en-IN`. */
function indianLocale(locale: string): string {
  try {
    return `${new Intl.Locale(locale).language}-IN`;
  } catch {
    return 'en-IN';
  }
}

// Formatters are costly to make and the side panel formats hundreds of figures per render.
const made = new Map<string, Intl.NumberFormat | Intl.RelativeTimeFormat | Intl.PluralRules | Intl.DateTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.RelativeTimeFormat | Intl.PluralRules | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let value = made.get(key) as T | undefined;
  if (value === undefined) {
    value = make();
    made.set(key, value);
  }
  return value;
}

/** 1234567 -> "12,34,567". */
export function formatCount(value: number, locale = uiLocale()): string {
  return cached(`count:${locale}`, () => new Intl.NumberFormat(indianLocale(locale), { maximumFractionDigits: 0 })).format(value);
}

/** 12.5 -> "+12.5 %": a change, so signed. */
export function formatPercent(value: number, locale = uiLocale()): string {
  const text = cached(`percent:${locale}`, () => new Intl.NumberFormat(locale, { maximumFractionDigits: 1, signDisplay: 'exceptZero' })).format(value);
  return `${text} %`;
}

/**
 * An amount in minor units as money: 123450 USD -> "$1,234.50" (en), 12345600 INR -> "₹1,23,456.00"
 * (hi). Formatted from a decimal string, so no floating-point rounding reaches the digits.
 */
export function formatMoney(minor: number, currency: string, locale = uiLocale()): string {
  if (!Number.isSafeInteger(minor) || minor < 0) throw new RangeError(`not an amount in minor units: ${minor}`);
  const format = cached(`money:${locale}:${currency}`, () => new Intl.NumberFormat(locale, { style: 'currency', currency }));
  // The currency's minor units as this formatter shows them: JPY 0, USD and INR 2, KWD 3.
  const places = format.resolvedOptions().maximumFractionDigits ?? 2;
  const digits = String(minor).padStart(places + 1, '0');
  const decimal = places === 0 ? digits : `${digits.slice(0, -places)}.${digits.slice(-places)}`;
  // Intl.NumberFormat takes decimal strings exactly (ES2023); the type still says number.
  return format.format(decimal as unknown as number);
}

/** The service's timestamp in the user's words and time zone, e.g. "23 Nov 2026, 02:15:05"; as sent when it is not a date. */
export function formatDateTime(timestamp: string, locale = uiLocale(), timeZone?: string): string {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return timestamp;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium', timeZone }).format(date);
}

/** The service's timestamp as a date in the user's words, e.g. "23 Nov 2026" (en), "23 नव॰ 2026" (hi); as sent when it is not a date. */
export function formatDate(timestamp: string, locale = uiLocale()): string {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return timestamp;
  // Made once: the side panel's header says the link's date on each of its renders.
  return cached(`date:${locale}`, () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' })).format(date);
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400],
  ['hour', 3600],
  ['minute', 60],
];

/** `at` relative to `now`, in the largest whole unit: "5 minutes ago", "in 8 seconds", "now". */
export function formatRelative(at: number, now: number, locale = uiLocale()): string {
  const seconds = Math.round((at - now) / 1000);
  const rtf = cached(`relative:${locale}`, () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return rtf.format(Math.trunc(seconds / size), unit);
  }
  return rtf.format(seconds, 'second');
}

/**
 * Which catalogue form a count takes. The catalogue has a `…One` key beside
 * the plain one (the other form) where the wording changes; languages with
 * more forms than English and Hindi fall back to the other form.
 */
export function pluralForm(count: number, locale = uiLocale()): 'one' | 'other' {
  return cached(`plural:${locale}`, () => new Intl.PluralRules(locale)).select(count) === 'one' ? 'one' : 'other';
}
