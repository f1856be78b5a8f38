/**
 * The trend's four ranges from what the service sends (docs/interface.md;
 * server/analytics/blocks/): clicks per day for the last 7 days, per UTC
 * month for the last 12, and one total for the last 30 days. The days are
 * UTC days, or the reader's when the service grouped them in the zone asked
 * (`daysZone`, ./answer-zone.ts); the 7 days and the 30-day total are then
 * the same local days. So:
 * - 7 days: the days, one bar each;
 * - 30 days: the last 7 days and the 23 before as two figures (the 30-day
 *   total less the 7 days), since no day-by-day figures exist further back;
 * - 90 days: the calendar months the last 90 days fall in, the first whole;
 * - 12 months: the months.
 * None starts before the link was created (its creation date in the days'
 * zone for the days, its UTC month for the months): a 40-day-old link's year
 * is two months, not ten empty ones before them. Labels are still the
 * service's ISO days and months here; ./panel-blocks.ts words them.
 */
import { categorySpec } from './category-spec';
import type { BlockView, CategorySpec, EmptyReason } from './types';
import { zoneOffsetMinutes } from '../contract/time-zone';

export type TrendRangeId = 'days7' | 'days30' | 'days90' | 'months12';

export type ThirtyDays =
  /** `before`: clicks in the 23 days before the last 7; null when the link is younger than that. */
  | { readonly status: 'split'; readonly last7: number; readonly before: number | null }
  | { readonly status: 'none'; readonly reason: EmptyReason };

export interface TrendRanges {
  readonly days7: BlockView;
  readonly days30: ThirtyDays;
  readonly days90: BlockView;
  readonly months12: BlockView;
  /** The link's creation day (`YYYY-MM-DD`, in the days' zone), for the ranges that start there rather than at their own start. */
  readonly since: string | null;
  readonly startsAtCreation: ReadonlySet<TrendRangeId>;
}

const DAY_MS = 86_400_000;
const isoDay = (at: number) => new Date(at).toISOString().slice(0, 10);
const text = (label: CategorySpec['labels'][number]) => ('text' in label ? label.text : '');
const chartOf = (view: BlockView): CategorySpec | null =>
  view.status === 'chart' && view.spec.kind !== 'figures' && view.spec.kind !== 'treemap' ? view.spec : null;

/** The spec with only the categories `keep` accepts, or the empty state when none of them had a click. */
function kept(spec: CategorySpec, keep: (iso: string) => boolean): BlockView {
  const indexes = spec.labels.flatMap((label, i) => (keep(text(label)) ? [i] : []));
  const cut = categorySpec({
    kind: spec.kind,
    title: spec.title,
    hint: spec.hint,
    hintHonoured: spec.hintHonoured,
    clamped: spec.clamped,
    axes: spec.axes,
    labels: indexes.map((i) => spec.labels[i] ?? { key: 'analyticsUnnamed' }),
    datasets: spec.datasets.map((set) => ({ ...set, data: indexes.map((i) => set.data[i] ?? 0) })),
  });
  return cut === null ? { status: 'none', reason: 'empty' } : { status: 'chart', spec: cut };
}

function sum(spec: CategorySpec): number {
  return spec.datasets.reduce((total, set) => set.data.reduce((s, v) => s + v, total), 0);
}

export interface RangeOptions {
  /** The link's creation (ISO 8601), when known. */
  readonly created?: string;
  /** Now, for the 90-day window when the service sent no days. */
  readonly now: number;
  /** The zone of the service's days (./answer-zone.ts); UTC when not given. */
  readonly daysZone?: string;
}

/**
 * `daily`, `monthly`: the daywiseDevices and monthYearPlatform blocks as read
 * (ISO labels); `last30`: the clickTrends block's 30-day total, or the
 * block's empty reason.
 */
export function trendRanges(daily: BlockView, monthly: BlockView, last30: number | EmptyReason, options: RangeOptions): TrendRanges {
  const zone = options.daysZone ?? 'UTC';
  /** The date in the days' zone of an instant, as the time of its midnight read as UTC. */
  const dateAt = (at: number) => Math.floor((at + zoneOffsetMinutes(at, zone) * 60_000) / DAY_MS) * DAY_MS;
  const createdAt = options.created === undefined ? Number.NaN : Date.parse(options.created);
  const createdDay = Number.isNaN(createdAt) ? null : isoDay(dateAt(createdAt));
  const createdMonth = Number.isNaN(createdAt) ? null : isoDay(createdAt).slice(0, 7);
  const days = chartOf(daily);
  // The service's today: its last day, else ours (in the days' zone).
  const lastLabel = days === null ? '' : text(days.labels[days.labels.length - 1] ?? { key: 'analyticsUnnamed' });
  const todayAt = /^\d{4}-\d{2}-\d{2}$/.test(lastLabel) ? Date.parse(`${lastLabel}T00:00:00Z`) : dateAt(options.now);
  const cut = new Set<TrendRangeId>();
  const afterCreation = (unit: 'day' | 'month', range: TrendRangeId) => (iso: string) => {
    const since = unit === 'day' ? createdDay : createdMonth;
    if (since === null) return true;
    const keep = iso >= since;
    if (!keep) cut.add(range);
    return keep;
  };

  const days7 = days === null ? daily : kept(days, afterCreation('day', 'days7'));
  const months = chartOf(monthly);
  const start90 = isoDay(todayAt - 89 * DAY_MS).slice(0, 7);
  const months12 = months === null ? monthly : kept(months, afterCreation('month', 'months12'));
  const inWindow = afterCreation('month', 'days90');
  const days90 = months === null ? monthly : kept(months, (iso) => iso >= start90 && inWindow(iso));

  let days30: ThirtyDays;
  const last7 = days !== null ? sum(days) : daily.status === 'none' && daily.reason === 'empty' ? 0 : null;
  if (typeof last30 !== 'number') days30 = { status: 'none', reason: last30 };
  else if (last7 === null) days30 = { status: 'none', reason: daily.status === 'none' ? daily.reason : 'malformed' };
  else if (last7 > last30) days30 = { status: 'none', reason: 'malformed' };
  else {
    const youngerThanAWeek = createdDay !== null && Date.parse(`${createdDay}T00:00:00Z`) > todayAt - 7 * DAY_MS;
    days30 = { status: 'split', last7, before: youngerThanAWeek ? null : last30 - last7 };
    if (youngerThanAWeek) cut.add('days30');
  }
  return { days7, days30, days90, months12, since: cut.size > 0 ? createdDay : null, startsAtCreation: cut };
}
