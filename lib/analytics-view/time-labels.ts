/**
 * The service's days (`YYYY-MM-DD`) and months (`YYYY-MM`) as dates in the
 * reader's language ("20 Nov", "Nov 2026"), read flat rather than as tilted
 * ISO strings. A label is a calendar date, whichever zone the service counted
 * it in (UTC days, or the reader's: ./answer-zone.ts), so it is shown as
 * written: the date is made at midnight UTC and formatted in UTC, never moved
 * by the reader's offset (a reader west of Greenwich must not see the day
 * before). Anything else is shown as sent.
 */
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH = /^(\d{4})-(\d{2})$/;

export type TimeUnit = 'day' | 'month';

const formats = new Map<string, Intl.DateTimeFormat>();
function format(unit: TimeUnit, locale: string): Intl.DateTimeFormat {
  const key = `${unit}:${locale}`;
  let made = formats.get(key);
  if (made === undefined) {
    const options: Intl.DateTimeFormatOptions =
      unit === 'day' ? { day: 'numeric', month: 'short', timeZone: 'UTC' } : { month: 'short', year: 'numeric', timeZone: 'UTC' };
    made = new Intl.DateTimeFormat(locale, options);
    formats.set(key, made);
  }
  return made;
}

export function timeLabel(raw: string, unit: TimeUnit, locale: string): string {
  const match = (unit === 'day' ? DAY : MONTH).exec(raw.trim());
  if (match === null) return raw;
  const [, year, month, day] = match;
  const at = Date.UTC(Number(year), Number(month) - 1, unit === 'day' ? Number(day) : 1);
  const date = new Date(at);
  // 2026-02-31 is no day: shown as sent rather than as 3 March.
  if (Number.isNaN(at) || date.getUTCMonth() !== Number(month) - 1 || (unit === 'day' && date.getUTCDate() !== Number(day))) return raw;
  return format(unit, locale).format(date);
}
