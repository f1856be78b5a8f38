/**
 * The trend's four ranges from what the service sends (docs/interface.md;
 * server/analytics/blocks/): clicks per UTC day for the last 7 days, per UTC
 * month for the last 12, and one total for the last 30 days. So:
 * - 7 days: the days, one bar each;
 * - 30 days: the last 7 days and the 23 before as two figures (the 30-day
 *   total less the 7 days), since no day-by-day figures exist further back;
 * - 90 days: the calendar months the last 90 days fall in, the first whole;
 * - 12 months: the months.
 * None starts before the link was created: a 40-day-old link's year is two
 * months, not ten empty ones before them. Labels are still the service's ISO
 * days and months here; ./panel-blocks.ts words them.
 */
import { categorySpec } from './category-spec';
import type { BlockView, CategorySpec, EmptyReason } from './types';

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
  /** The link's creation day (`YYYY-MM-DD`, UTC), for the ranges that start there rather than at their own start. */
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
}

/**
 * `daily`, `monthly`: the daywiseDevices and monthYearPlatform blocks as read
 * (ISO labels); `last30`: the clickTrends block's 30-day total, or the
 * block's empty reason.
 */
export function trendRanges(daily: BlockView, monthly: BlockView, last30: number | EmptyReason, options: RangeOptions): TrendRanges {
  const createdAt = options.created === undefined ? Number.NaN : Date.parse(options.created);
  const createdDay = Number.isNaN(createdAt) ? null : isoDay(createdAt);
  const days = chartOf(daily);
  // The service's today: its last day, else ours (both UTC).
  const lastLabel = days === null ? '' : text(days.labels[days.labels.length - 1] ?? { key: 'analyticsUnnamed' });
  const todayAt = /^\d{4}-\d{2}-\d{2}$/.test(lastLabel) ? Date.parse(`${lastLabel}T00:00:00Z`) : Math.floor(options.now / DAY_MS) * DAY_MS;
  const cut = new Set<TrendRangeId>();
  const afterCreation = (unit: 'day' | 'month', range: TrendRangeId) => (iso: string) => {
    if (createdDay === null) return true;
    const keep = iso >= (unit === 'day' ? createdDay : createdDay.slice(0, 7));
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
