/**
 * Days of a time zone, for the analytics asked with `?timeZone=` (docs/interface.md,
 * Analytics). A zone is whatever Intl knows (an IANA name); its offset is read
 * from Intl at each instant that matters, so summer time and half-hour zones
 * follow the zone's own rules, never one fixed offset.
 *
 * Local days are counted from the rollup of clicks per absolute UTC hour
 * (click_recent_hours, migration 008-recent-hours.sql): each UTC hour counts
 * in the local day its middle (hh:30 UTC) falls in. For a whole-hour offset
 * that is exact; with a half-hour offset (India, +5:30) the half hour before
 * local midnight counts on the next day (docs/service.md, "Days in the
 * reader's time zone"), except while that day has not begun: the hour under
 * way always counts today, so a click just made is never outside a window
 * that ends today.
 */
import { resolvedTimeZone, zoneOffsetMs } from '../../lib/contract/time-zone';
import { DAY_MS } from './utc-windows';

const HOUR_MS = 3_600_000;

/**
 * The zone to group days in for a request: the name asked, when Intl knows
 * it; 'UTC' when none was asked, the name is unknown or too long (a client
 * never loses its figures over the parameter), or it names UTC itself
 * ("Etc/UTC", "GMT"), for which the days are the UTC rollups'.
 */
export function requestZone(asked: string | undefined): string {
  const name = resolvedTimeZone(asked);
  return name === null || name === 'UTC' ? 'UTC' : (asked as string);
}

export interface ZoneDays {
  /** The local day (days since 1970-01-01 of the zone's calendar) of the instant `now`. */
  readonly today: number;
  /**
   * The first epoch hour (floor(ms / 3600000)) counted in local day `day`:
   * the first hour whose middle falls on that day or later. Local day `d`
   * is the hours from firstHour(d) up to, not including, firstHour(d + 1).
   */
  firstHour(day: number): number;
  /**
   * Where a window ending today stops (exclusive): where tomorrow starts, or
   * just after the hour under way when that hour's middle is already tomorrow.
   */
  readonly endHour: number;
}

/** The days of `zone` (a name requestZone gave), with `now` for today. */
export function zoneDays(zone: string, now: Date): ZoneDays {
  const key = resolvedTimeZone(zone) ?? 'UTC';
  const localDay = (at: number) => Math.floor((at + zoneOffsetMs(at, key)) / DAY_MS);
  const middle = (hour: number) => hour * HOUR_MS + HOUR_MS / 2;
  const firstHour = (day: number) => {
    // The zone's offset at that midnight gives the hour, give or take the offset's change that day.
    const midnight = day * DAY_MS;
    let hour = Math.floor((midnight - zoneOffsetMs(midnight, key)) / HOUR_MS);
    while (localDay(middle(hour - 1)) >= day) hour -= 1;
    while (localDay(middle(hour)) < day) hour += 1;
    return hour;
  };
  const today = localDay(now.getTime());
  return {
    today,
    firstHour,
    endHour: Math.max(firstHour(today + 1), Math.floor(now.getTime() / HOUR_MS) + 1),
  };
}
