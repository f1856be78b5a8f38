import { Tally } from './tally';
import type { ClickRow } from './click-row';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** A batch's clicks counted per rollup key (migration 002-clicks.sql) and per link, for one upsert per key. */
export interface Rollups {
  totals: Map<string, number>;
  daily: Tally;
  hours: Tally;
  browsers: Tally;
  places: Tally;
}

/** Counts `rows` (clicks on live links) into the rollups; both databases' batch writers upsert these. */
export function rollupsOf(rows: Iterable<ClickRow>): Rollups {
  const rollups: Rollups = { totals: new Map(), daily: new Tally(), hours: new Tally(), browsers: new Tally(), places: new Tally() };
  const { totals, daily, hours, browsers, places } = rollups;
  for (const row of rows) {
    totals.set(row.linkId, (totals.get(row.linkId) ?? 0) + 1);
    const day = Math.floor(row.atMs / DAY_MS);
    const hour = Math.floor(row.atMs / HOUR_MS) % 24;
    const dailyKey = `${row.linkId}\u0000${day}\u0000${row.device}\u0000${row.platform}`;
    if (!daily.bump(dailyKey)) daily.start(dailyKey, [row.linkId, day, row.device, row.platform]);
    const hourKey = `${row.linkId}\u0000${hour}`;
    if (!hours.bump(hourKey)) hours.start(hourKey, [row.linkId, hour]);
    const browserKey = `${row.linkId}\u0000${row.browser}`;
    if (!browsers.bump(browserKey)) browsers.start(browserKey, [row.linkId, row.browser]);
    const placeKey = `${row.linkId}\u0000${row.country}\u0000${row.state}\u0000${row.city}`;
    if (!places.bump(placeKey)) places.start(placeKey, [row.linkId, row.country, row.state, row.city]);
  }
  return rollups;
}
