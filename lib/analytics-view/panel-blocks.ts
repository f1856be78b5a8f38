/**
 * The analytics answer as the side panel shows it: every block read
 * (read-analytics.ts), then put in the reader's words where the service
 * sends codes: countries by name, ISO days and months as dates, and the two
 * series over time summed into one trend each (trend-spec.ts), its ranges
 * (trend-ranges.ts) with the zone its days are in (answer-zone.ts: a cached
 * answer is read in the zone it was fetched in), the hours of the day in the reader's time
 * (local-hours.ts), and a block that counts none of a link's clicks said to
 * be broken, not empty. The CSV export is made from these same blocks, so the
 * file says what the panel says.
 */
import { answerZone } from './answer-zone';
import type { BlockId } from './block-id';
import { readAnalytics, type BlockResult } from './read-analytics';
import type { TimeUnit } from './time-labels';
import { trendSpec } from './trend-spec';
import { localHoursSpec } from './local-hours';
import { trendRanges, type TrendRanges } from './trend-ranges';
import type { BlockView, CategorySpec, ChartSpec, Label } from './types';
export type { TrendRanges } from './trend-ranges';

export interface PanelWords {
  /** A country as sent (a code, or a name) in words. */
  country(value: string): string;
  /** A day (`YYYY-MM-DD`) or month (`YYYY-MM`) as a date in words. */
  time(raw: string, unit: TimeUnit): string;
  /** The reader's offset from UTC now, in minutes (./zone-offset.ts). */
  readonly offsetMinutes: number;
  /** The hour block's heading and axis, which say the hours are the reader's. */
  readonly hoursTitle: string;
  readonly hoursAxis: string;
}

export interface PanelOptions {
  /** The link's creation (ISO 8601), when known: no range starts before it. */
  readonly created?: string;
  readonly now: number;
}

export interface PanelBlocks {
  readonly results: readonly BlockResult[];
  view(id: BlockId): BlockView;
  /** The link has had no click yet: the panel shows one empty state instead of a block each. */
  readonly noClicks: boolean;
  /** The score card's total, or null when it could not be read. */
  readonly totalClicks: number | null;
  /** The trend's ranges, worded like the blocks. */
  readonly trend: TrendRanges;
  /** The zone the answer's days are in (an IANA name, or "UTC"): ./answer-zone.ts. */
  readonly daysZone: string;
}

/** Blocks that count every click, if only as "Unknown": none counted while the link has clicks is a broken block. */
const COUNTS_EVERY_CLICK: readonly BlockId[] = ['hourDayClicks', 'topBrowsers', 'topDevices', 'topPlatforms'];

const NONE: BlockView = { status: 'none', reason: 'missing' };

function relabeled(spec: CategorySpec, relabel: (text: string) => string): CategorySpec {
  const label = (l: Label): Label => ('text' in l ? { ...l, text: relabel(l.text) } : l);
  return {
    ...spec,
    labels: spec.labels.map(label),
    table: { ...spec.table, rows: spec.table.rows.map((row) => ({ ...row, label: label(row.label) })) },
  };
}

const timeOf = (words: PanelWords, unit: TimeUnit) => (l: Label): Label => ('text' in l ? { ...l, text: words.time(l.text, unit) } : l);

function localise(id: BlockId, spec: ChartSpec, words: PanelWords): BlockView {
  if (spec.kind === 'figures' || spec.kind === 'treemap') return { status: 'chart', spec };
  switch (id) {
    case 'clickedCountries':
      return { status: 'chart', spec: relabeled(spec, words.country) };
    case 'daywiseDevices':
      return { status: 'chart', spec: trendSpec(spec, 'bar', timeOf(words, 'day')) };
    case 'monthYearPlatform':
      return { status: 'chart', spec: trendSpec(spec, 'bar', timeOf(words, 'month')) };
    case 'hourDayClicks': {
      const local = localHoursSpec(spec, words.offsetMinutes, { title: words.hoursTitle, axis: words.hoursAxis });
      return local === null ? { status: 'none', reason: 'malformed' } : { status: 'chart', spec: local };
    }
    default:
      return { status: 'chart', spec };
  }
}

/** A range's view in words: its days or months as dates, summed into one trend. */
function worded(view: BlockView, unit: TimeUnit, words: PanelWords): BlockView {
  if (view.status !== 'chart' || view.spec.kind === 'figures' || view.spec.kind === 'treemap') return view;
  return { status: 'chart', spec: trendSpec(view.spec, 'bar', timeOf(words, unit)) };
}

function totalClicks(view: BlockView): number | null {
  if (view.status !== 'chart' || view.spec.kind !== 'figures') return null;
  return view.spec.figures.find((f) => f.key === 'analyticsTotalClicks')?.value ?? null;
}

export function readPanel(data: unknown, words: PanelWords, options: PanelOptions = { now: Date.now() }): PanelBlocks {
  const raw = readAnalytics(data);
  const rawOf = (id: BlockId) => raw.find((r) => r.id === id)?.view ?? NONE;
  const total = totalClicks(rawOf('scoreCard'));
  const results = raw.map(({ id, view }) => {
    if (view.status === 'chart') return { id, view: localise(id, view.spec, words) };
    if (view.reason === 'empty' && total !== null && total > 0 && COUNTS_EVERY_CLICK.includes(id)) return { id, view: { status: 'none' as const, reason: 'uncounted' as const } };
    return { id, view };
  });
  const byId = new Map(results.map((r) => [r.id, r.view]));
  const charts = results.filter((r) => r.id !== 'scoreCard' && r.id !== 'clickTrends');
  const anyChart = charts.some((r) => r.view.status === 'chart');
  const allEmpty = charts.every((r) => r.view.status === 'none' && r.view.reason === 'empty');
  const last30 = rawOf('clickTrends');
  const last30Total =
    last30.status === 'chart' && last30.spec.kind === 'figures'
      ? (last30.spec.figures.find((f) => f.key === 'analyticsTotalClicks')?.value ?? 'malformed')
      : last30.status === 'none'
        ? last30.reason
        : 'malformed';
  const daysZone = answerZone(data);
  const ranges = trendRanges(rawOf('daywiseDevices'), rawOf('monthYearPlatform'), last30Total, { ...options, daysZone });
  return {
    results,
    view: (id) => byId.get(id) ?? NONE,
    noClicks: !anyChart && (total === 0 || (total === null && allEmpty)),
    totalClicks: total,
    daysZone,
    trend: {
      ...ranges,
      days7: worded(ranges.days7, 'day', words),
      days90: worded(ranges.days90, 'month', words),
      months12: worded(ranges.months12, 'month', words),
    },
  };
}
