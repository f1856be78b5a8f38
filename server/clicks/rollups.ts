import { Tally } from './tally';
import { sameLabels, type ClickRow } from './click-row';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/**
 * A batch's clicks counted per rollup key (migrations 002-clicks.sql, 008-recent-hours.sql) and per link, for one upsert per key.
 * Visits by bots are in none of them: they are counted apart, per link, in `bots` (009-bot-clicks.sql).
 */
export interface Rollups {
  totals: Map<string, number>;
  /** Visits by known bots per link (links.bot_clicks). */
  bots: Map<string, number>;
  daily: Tally;
  hours: Tally;
  /** Per link, epoch hour and device (click_recent_hours). */
  recent: Tally;
  browsers: Tally;
  places: Tally;
}

/** Counts `rows` (clicks on live links) into the rollups; both databases' batch writers upsert these. */
export function rollupsOf(rows: Iterable<ClickRow>): Rollups {
  const rollups: Rollups = { totals: new Map(), bots: new Map(), daily: new Tally(), hours: new Tally(), recent: new Tally(), browsers: new Tally(), places: new Tally() };
  const { totals, bots, daily, hours, recent, browsers, places } = rollups;
  let previous: ClickRow | undefined;
  let keys = { epochHour: -1, daily: '', hourly: '', recent: '', browser: '', place: '' };
  for (const row of rows) {
    if (row.bot === true) {
      bots.set(row.linkId, (bots.get(row.linkId) ?? 0) + 1);
      continue;
    }
    totals.set(row.linkId, (totals.get(row.linkId) ?? 0) + 1);
    const epochHour = Math.floor(row.atMs / HOUR_MS);
    const day = Math.floor(row.atMs / DAY_MS);
    const hour = epochHour % 24;
    // A click like the one before it in the same hour counts under the same keys, already built.
    if (!(previous && keys.epochHour === epochHour && sameLabels(row, previous))) {
      keys = {
        epochHour,
        daily: `${row.linkId}\u0000${day}\u0000${row.device}\u0000${row.platform}`,
        hourly: `${row.linkId}\u0000${hour}`,
        recent: `${row.linkId}\u0000${epochHour}\u0000${row.device}`,
        browser: `${row.linkId}\u0000${row.browser}`,
        place: `${row.linkId}\u0000${row.country}\u0000${row.state}\u0000${row.city}`,
      };
    }
    previous = row;
    if (!daily.bump(keys.daily)) daily.start(keys.daily, [row.linkId, day, row.device, row.platform]);
    if (!hours.bump(keys.hourly)) hours.start(keys.hourly, [row.linkId, hour]);
    if (!recent.bump(keys.recent)) recent.start(keys.recent, [row.linkId, epochHour, row.device]);
    if (!browsers.bump(keys.browser)) browsers.start(keys.browser, [row.linkId, row.browser]);
    if (!places.bump(keys.place)) places.start(keys.place, [row.linkId, row.country, row.state, row.city]);
  }
  return rollups;
}
