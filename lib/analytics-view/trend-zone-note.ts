/**
 * What the trend says about time zones under a range. The service's months
 * are UTC months; its days are UTC days, or those of the zone the answer
 * names (./answer-zone.ts). Days in the reader's own zone (or one with the
 * same offset now) need no word; otherwise the note says where a day (or a
 * month) starts on the reader's clock. An answer without a zone reads as
 * before: days and months in UTC.
 */
import { clockLabel } from './local-hours';
import type { TrendRangeId } from './trend-ranges';
import { zoneOffsetMinutes } from '../contract/time-zone';

export type TrendZoneNote =
  /** Days and months in UTC: a day starts at `start` on the reader's clock. */
  | { readonly kind: 'utc'; readonly start: string }
  /** The days are the reader's; months are UTC months, starting at `start` on the reader's clock. */
  | { readonly kind: 'months'; readonly start: string }
  /** Days of another zone (an answer fetched in it, cached): a day starts at `start` on the reader's clock. */
  | { readonly kind: 'zone'; readonly zone: string; readonly start: string };

/** `readerZone`: the browser's when not given (tests name one). */
export function trendZoneNote(range: TrendRangeId, daysZone: string, now: number, readerZone?: string): TrendZoneNote | null {
  const reader = zoneOffsetMinutes(now, readerZone);
  const days = zoneOffsetMinutes(now, daysZone);
  // Where midnight of a zone `offset` minutes ahead of UTC falls on the reader's clock.
  const startOf = (offset: number) => clockLabel(reader - offset);
  if (daysZone === 'UTC') return reader === 0 || range === 'days30' ? null : { kind: 'utc', start: startOf(0) };
  if (range === 'days90' || range === 'months12') return reader === 0 ? null : { kind: 'months', start: startOf(0) };
  if (range === 'days30' || days === reader) return null;
  return { kind: 'zone', zone: daysZone, start: startOf(days) };
}
