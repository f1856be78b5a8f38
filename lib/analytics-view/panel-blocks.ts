/**
 * The analytics answer as the side panel shows it: each block read
 * (read-analytics.ts) when first asked for, so the overview is drawn before
 * the other blocks are read, then put in the reader's words where the service
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
import { botClicksOf } from './bot-clicks';
import { BLOCKS } from './registry';
import { readBlock, type BlockResult } from './read-analytics';
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
  /** The reader's offset from UTC now, in minutes (lib/contract/time-zone.ts). */
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
  /** Visits by bots the service left out of the total (./bot-clicks.ts), or null when it says none. */
  readonly botClicks: number | null;
  /** The trend's ranges, worded like the blocks. */
  readonly trend: TrendRanges;
  /** The zone the answer's days are in (an IANA name, or "UTC"): ./answer-zone.ts. */
  readonly daysZone: string;
}

/** Blocks that count every click, if only as "Unknown": none counted while the link has clicks is a broken block. */
const COUNTS_EVERY_CLICK: readonly BlockId[] = ['hourDayClicks', 'topBrowsers', 'topDevices', 'topPlatforms'];

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
  // Each block is read when first asked for: the overview is drawn from two of them before the others are needed.
  const raw = new Map<BlockId, BlockView>();
  const rawOf = (id: BlockId) => {
    let view = raw.get(id);
    if (view === undefined) raw.set(id, (view = readBlock(data, id)));
    return view;
  };
  const total = totalClicks(rawOf('scoreCard'));
  const shown = new Map<BlockId, BlockView>();
  const viewOf = (id: BlockId): BlockView => {
    let view = shown.get(id);
    if (view !== undefined) return view;
    const read = rawOf(id);
    if (read.status === 'chart') view = localise(id, read.spec, words);
    else if (read.reason === 'empty' && total !== null && total > 0 && COUNTS_EVERY_CLICK.includes(id)) view = { status: 'none', reason: 'uncounted' };
    else view = read;
    shown.set(id, view);
    return view;
  };
  let results: readonly BlockResult[] | undefined;
  const all = () => (results ??= BLOCKS.map(({ id }) => ({ id, view: viewOf(id) })));
  let trend: TrendRanges | undefined;
  const trendOf = (): TrendRanges => {
    if (trend !== undefined) return trend;
    const last30 = rawOf('clickTrends');
    const last30Total =
      last30.status === 'chart' && last30.spec.kind === 'figures'
        ? (last30.spec.figures.find((f) => f.key === 'analyticsTotalClicks')?.value ?? 'malformed')
        : last30.status === 'none'
          ? last30.reason
          : 'malformed';
    const ranges = trendRanges(rawOf('daywiseDevices'), rawOf('monthYearPlatform'), last30Total, { ...options, daysZone: zoneOf() });
    trend = {
      ...ranges,
      days7: worded(ranges.days7, 'day', words),
      days90: worded(ranges.days90, 'month', words),
      months12: worded(ranges.months12, 'month', words),
    };
    return trend;
  };
  /** No click yet: the total says so, or says nothing while every other block is empty too; a block with a chart says otherwise. */
  const noClicks = () => {
    if (total !== null && total > 0) return false;
    const charts = all().filter((r) => r.id !== 'scoreCard' && r.id !== 'clickTrends');
    const anyChart = charts.some((r) => r.view.status === 'chart');
    const allEmpty = charts.every((r) => r.view.status === 'none' && r.view.reason === 'empty');
    return !anyChart && (total === 0 || (total === null && allEmpty));
  };
  let none: boolean | undefined;
  // Read with the trend, not for the overview's first frame: telling a zone's name loads the browser's zone data.
  let zone: string | undefined;
  const zoneOf = () => (zone ??= answerZone(data));
  return {
    get results() {
      return all();
    },
    view: viewOf,
    get noClicks() {
      return (none ??= noClicks());
    },
    totalClicks: total,
    botClicks: botClicksOf(data),
    get daysZone() {
      return zoneOf();
    },
    get trend() {
      return trendOf();
    },
  };
}
