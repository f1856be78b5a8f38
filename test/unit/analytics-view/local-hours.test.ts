import { describe, expect, it } from 'vitest';
import { clockLabel, localHours, localHoursSpec } from '../../../lib/analytics-view/local-hours';
import { zoneOffsetMinutes } from '../../../lib/contract/time-zone';
import type { CategorySpec } from '../../../lib/analytics-view/types';

const hours = (values: (h: number) => number) => new Map(Array.from({ length: 24 }, (_, h) => [h, values(h)] as const));

function spec(series: number[]): CategorySpec {
  return {
    kind: 'bar',
    title: { text: 'Clicks by hour of day (UTC)', key: 'analyticsHourDayClicks' },
    hint: 'bar',
    hintHonoured: true,
    clamped: false,
    labels: series.map((_, h) => ({ text: String(h) })),
    datasets: [{ label: null, data: series }],
    axes: { category: { text: 'Hour of day (UTC)' }, value: { key: 'analyticsClicks' } },
    table: { head: [], rows: [] },
  };
}

describe('the hours of the day in the reader\'s time', () => {
  it('the offset of a zone, from Intl: New York in winter and in summer, India at half past', () => {
    expect(zoneOffsetMinutes(Date.UTC(2026, 0, 15, 12), 'America/New_York')).toBe(-300);
    expect(zoneOffsetMinutes(Date.UTC(2026, 6, 15, 12), 'America/New_York')).toBe(-240);
    expect(zoneOffsetMinutes(Date.UTC(2026, 6, 15, 12), 'Asia/Kolkata')).toBe(330);
    expect(zoneOffsetMinutes(Date.UTC(2026, 6, 15, 12), 'UTC')).toBe(0);
  });

  it('New York: a click at 18:00 UTC is at 13:00, and the day starts at midnight local', () => {
    const buckets = localHours(hours((h) => (h === 18 ? 7 : 0)), -300);
    expect(buckets?.[0]).toEqual({ start: 0, value: 0 });
    expect(buckets?.find((b) => b.value === 7)?.start).toBe(13 * 60);
  });

  it('India: each bucket labelled by its true local start (05:30), not a whole hour', () => {
    const local = localHoursSpec(spec(Array.from({ length: 24 }, (_, h) => (h === 0 ? 5 : 0))), 330, { title: 'Clicks by hour, your time (GMT+5:30)', axis: 'Hour, your time' });
    expect(local).not.toBeNull();
    const labels = local!.labels.map((l) => ('text' in l ? l.text : ''));
    expect(labels[0]).toBe('00:30');
    expect(labels).toContain('05:30');
    expect(labels.every((l) => l.endsWith(':30'))).toBe(true);
    expect(local!.datasets[0]!.data[labels.indexOf('05:30')]).toBe(5);
    // The service's "(UTC)" heading and axis are gone: the page's words say "your time".
    expect(local!.title).toEqual({ text: 'Clicks by hour, your time (GMT+5:30)' });
    expect(local!.axes.category).toEqual({ text: 'Hour, your time' });
    expect(local!.table.rows.map((r) => r.values[0] ?? 0).reduce((a, b) => a + b, 0)).toBe(5);
  });

  it('UTC stays as it was, in order', () => {
    const local = localHoursSpec(spec(Array.from({ length: 24 }, (_, h) => h)), 0, { title: 't', axis: 'a' });
    expect(local!.labels.map((l) => ('text' in l ? l.text : ''))).toEqual(Array.from({ length: 24 }, (_, h) => clockLabel(h * 60)));
    expect(local!.datasets[0]!.data).toEqual(Array.from({ length: 24 }, (_, h) => h));
  });

  it('categories that are not the 24 hours of a day: not shifted, said to be unreadable (null)', () => {
    const broken = spec(Array.from({ length: 24 }, () => 1));
    expect(localHoursSpec({ ...broken, labels: broken.labels.slice(0, 23) }, 60, { title: 't', axis: 'a' })).toBeNull();
    expect(localHoursSpec({ ...broken, labels: broken.labels.map(() => ({ text: 'noon' })) }, 60, { title: 't', axis: 'a' })).toBeNull();
  });
});
