/**
 * Sale amounts: typed as a decimal in the currency's own format for the
 * user's locale ("1,234.50" in en-US, "1.234,50" in de-DE, "1,500" yen), sent
 * as whole minor units (docs/design.md, Tracking). The digits are moved as text and
 * read with BigInt, never through a float: 0.29 * 100 is 28.999999999999996.
 */
import * as v from 'valibot';
import { TrackSaleBodySchema } from '../contract/schemas/tracking';
import { minorDigits } from './money-currency';

export type AmountProblem = 'empty' | 'format' | 'negative' | 'too-many-digits' | 'too-large';

export type AmountParse = { ok: true; minor: number } | { ok: false; problem: AmountProblem };

export interface MoneyFormat {
  locale: string;
  currency: string;
}

interface Separators {
  decimal: string;
  /** Every character accepted as the group separator. */
  groups: string[];
  /** The locale's digit glyphs, 0 to 9 (Arabic-Indic in ar-BH). */
  digits: string[];
}

// Spaces look alike: a user types U+0020 where fr-FR formats U+202F.
const SPACES = [' ', '\u00a0', '\u202f'];
// de-CH groups with an apostrophe; keyboards and autocorrect give either form.
const APOSTROPHES = ["'", '\u2019'];

function separators(locale: string): Separators {
  const parts = new Intl.NumberFormat(locale, { useGrouping: true }).formatToParts(11111.5);
  const decimal = parts.find((p) => p.type === 'decimal')?.value ?? '.';
  const group = parts.find((p) => p.type === 'group')?.value ?? ',';
  const groups = SPACES.includes(group) ? SPACES : APOSTROPHES.includes(group) ? APOSTROPHES : [group];
  const plain = new Intl.NumberFormat(locale, { useGrouping: false });
  const digits = Array.from({ length: 10 }, (_, d) => plain.format(d));
  return { decimal, groups, digits };
}

/** The amount's schema rule (whole, not negative, at most 2^53 - 1), as the service applies it. */
const AmountSchema = TrackSaleBodySchema.entries.amount;

/** Reads `text` as an amount of `currency` in `locale`'s format; grouping optional, fraction digits at most the currency's. */
export function parseAmount(text: string, { locale, currency }: MoneyFormat): AmountParse {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, problem: 'empty' };
  if (/^[-\u2212]/.test(trimmed)) return { ok: false, problem: 'negative' };

  const { decimal, groups, digits } = separators(locale);
  // One alphabet: ASCII digits, "G" for a group separator, "D" for the decimal one; anything else is refused.
  let normal = '';
  for (const ch of trimmed) {
    const local = digits.indexOf(ch);
    if (local >= 0) normal += String(local);
    else if (ch >= '0' && ch <= '9') normal += ch;
    else if (ch === decimal) normal += 'D';
    else if (groups.includes(ch)) normal += 'G';
    else return { ok: false, problem: 'format' };
  }

  // Groups of 3, or of 2 before the last 3 (en-IN writes 1,23,45,678): a stray separator ("1,5") is refused, not read as 15.
  const match = /^(\d+|\d{1,3}(?:G\d{2,3})*G\d{3})(?:D(\d+))?$/.exec(normal);
  if (match === null) return { ok: false, problem: 'format' };
  const whole = match[1]!.replaceAll('G', '');
  const fraction = match[2] ?? '';
  const places = minorDigits(currency, locale);
  if (fraction.length > places) return { ok: false, problem: 'too-many-digits' };

  const minor = BigInt(whole + fraction.padEnd(places, '0'));
  if (minor > BigInt(Number.MAX_SAFE_INTEGER)) return { ok: false, problem: 'too-large' };
  const value = Number(minor);
  if (!v.safeParse(AmountSchema, value).success) return { ok: false, problem: 'too-large' };
  return { ok: true, minor: value };
}

/** Minor units as the user would type them: "1,234.50" for 123450 USD in en-US, "1.500" for 1500 JPY in de-DE. */
export function formatAmount(minor: number, { locale, currency }: MoneyFormat): string {
  if (!Number.isSafeInteger(minor) || minor < 0) throw new RangeError(`not an amount in minor units: ${minor}`);
  const places = minorDigits(currency, locale);
  const digits = String(minor).padStart(places + 1, '0');
  const whole = BigInt(digits.slice(0, digits.length - places));
  const { decimal, digits: glyphs } = separators(locale);
  const wholeText = new Intl.NumberFormat(locale, { useGrouping: true, maximumFractionDigits: 0 }).format(whole);
  if (places === 0) return wholeText;
  const fractionText = [...digits.slice(digits.length - places)].map((d) => glyphs[Number(d)]).join('');
  return `${wholeText}${decimal}${fractionText}`;
}
