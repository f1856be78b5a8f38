import { describe, expect, it } from 'vitest';
import type { ClickRow } from '../../server/clicks/click-row';
import { rollupsOf } from '../../server/clicks/rollups';

const HOUR_MS = 3_600_000;
const base: ClickRow = {
  linkId: 'a', atMs: Date.UTC(2026, 10, 26, 23, 59, 59), browser: 'Chrome', device: 'Desktop', platform: 'Windows',
  country: 'DE', state: 'Berlin', city: 'Berlin', referrer: 'https://t.co',
};

/** Counts per rollup key, one row at a time, with no reuse between rows. */
function expected(rows: ClickRow[]) {
  const count = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
  const daily = new Map<string, number>();
  const hours = new Map<string, number>();
  const browsers = new Map<string, number>();
  const places = new Map<string, number>();
  for (const r of rows) {
    count(daily, `${r.linkId}|${Math.floor(r.atMs / 86_400_000)}|${r.device}|${r.platform}`);
    count(hours, `${r.linkId}|${Math.floor(r.atMs / HOUR_MS) % 24}`);
    count(browsers, `${r.linkId}|${r.browser}`);
    count(places, `${r.linkId}|${r.country}|${r.state}|${r.city}`);
  }
  return { daily, hours, browsers, places };
}

function actual(rows: ClickRow[]) {
  const r = rollupsOf(rows);
  const flat = (entries: Iterable<(string | number)[]>) => new Map([...entries].map((e) => [e.slice(0, -1).join('|'), e[e.length - 1] as number]));
  return { daily: flat(r.daily.entries()), hours: flat(r.hours.entries()), browsers: flat(r.browsers.entries()), places: flat(r.places.entries()) };
}

describe('rollupsOf over runs of alike clicks', () => {
  it('counts a run that crosses an hour and a day, and alike clicks around different ones, under their own keys', () => {
    const rows: ClickRow[] = [
      base,
      { ...base, atMs: base.atMs + 500 },
      // Same labels, next hour and next UTC day: new keys although the row before is alike.
      { ...base, atMs: base.atMs + 1000 },
      { ...base, atMs: base.atMs + 2000 },
      { ...base, browser: 'Firefox', atMs: base.atMs + 3000 },
      { ...base, atMs: base.atMs + 4000 },
      { ...base, linkId: 'b', atMs: base.atMs + 5000 },
      { ...base, city: 'Potsdam', state: 'Brandenburg', atMs: base.atMs + 6000 },
      { ...base, device: 'Mobile', atMs: base.atMs + 7000 },
      { ...base, atMs: base.atMs + HOUR_MS },
    ];
    expect(actual(rows)).toEqual(expected(rows));
    expect(actual(rows).hours.get('a|23')).toBe(2);
    expect(actual(rows).hours.get('a|0')).toBe(7);
  });
});
