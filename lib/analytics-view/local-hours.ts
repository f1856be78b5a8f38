/**
 * The hour-of-day block in the reader's time. The service counts clicks per
 * UTC hour (server/analytics/utc-windows.ts), so each bucket is moved by the
 * reader's offset and labelled by its true local start: at UTC-5 the bucket
 * of 18:00 UTC is 13:00; at UTC+5:30 it is 23:30, not a made-up 23:00. The
 * buckets are then ordered by their local start, from the first after
 * midnight. Only the offset of today is known to apply: clicks made on the
 * other side of a summer-time change sit an hour off, which the heading's
 * "your time" does not hide from a careful reader of the data table.
 */
import type { CategorySpec, Label } from './types';

const DAY_MINUTES = 24 * 60;

export interface LocalHour {
  /** Minutes after local midnight at which the bucket starts. */
  readonly start: number;
  readonly value: number;
}

/** `HH:MM`, the digits as written everywhere (a clock time, not a count). */
export function clockLabel(minutes: number): string {
  const m = ((minutes % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/**
 * The 24 UTC hours (`utcHours[h]`: clicks in the hour starting h:00 UTC) as
 * local buckets, earliest local start first; null when the hours are not
 * the 24 distinct whole hours 0..23.
 */
export function localHours(utcHours: ReadonlyMap<number, number>, offsetMinutes: number): LocalHour[] | null {
  if (utcHours.size !== 24) return null;
  const buckets: LocalHour[] = [];
  for (let hour = 0; hour < 24; hour += 1) {
    const value = utcHours.get(hour);
    if (value === undefined) return null;
    buckets.push({ start: (((hour * 60 + offsetMinutes) % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES, value });
  }
  return buckets.sort((a, b) => a.start - b.start);
}

/** Hour labels as sent (`"0"`..`"23"`, or `"07"`) to hour numbers; null for anything else. */
function hourOf(label: Label): number | null {
  if (!('text' in label) || !/^\d{1,2}$/.test(label.text.trim())) return null;
  const hour = Number(label.text);
  return hour >= 0 && hour < 24 ? hour : null;
}

/**
 * The hour block's spec moved to local time: labels `HH:MM`, the data and the
 * table in the same order, the heading and axis in the page's words (they
 * say "your time"). null when the categories are not the 24 hours of a day.
 */
export function localHoursSpec(spec: CategorySpec, offsetMinutes: number, words: { title: string; axis: string }): CategorySpec | null {
  const data = spec.datasets[0]?.data ?? [];
  const byHour = new Map<number, number>();
  for (const [i, label] of spec.labels.entries()) {
    const hour = hourOf(label);
    if (hour === null || byHour.has(hour)) return null;
    byHour.set(hour, data[i] ?? 0);
  }
  const buckets = localHours(byHour, offsetMinutes);
  if (buckets === null) return null;
  const labels: Label[] = buckets.map((b) => ({ text: clockLabel(b.start) }));
  const values = buckets.map((b) => b.value);
  return {
    ...spec,
    title: { text: words.title },
    labels,
    datasets: [{ label: null, data: values }],
    axes: { category: { text: words.axis }, value: { key: 'analyticsClicks' } },
    table: { head: [{ key: 'analyticsClicks' }], rows: labels.map((label, i) => ({ label, values: [values[i] ?? 0], unit: 'count' as const })) },
  };
}
