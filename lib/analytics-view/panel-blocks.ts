/**
 * The analytics answer as the side panel shows it: every block read
 * (read-analytics.ts), then put in the reader's words where the service
 * sends codes: countries by name, ISO days and months as dates, and the two
 * series over time summed into one trend each (trend-spec.ts). The CSV
 * export is made from these same blocks, so the file says what the panel says.
 */
import type { BlockId } from './block-id';
import { readAnalytics, type BlockResult } from './read-analytics';
import type { TimeUnit } from './time-labels';
import { trendSpec } from './trend-spec';
import type { BlockView, CategorySpec, ChartSpec, Label } from './types';

export interface PanelWords {
  /** A country as sent (a code, or a name) in words. */
  country(value: string): string;
  /** A day (`YYYY-MM-DD`) or month (`YYYY-MM`) as a date in words. */
  time(raw: string, unit: TimeUnit): string;
}

export interface PanelBlocks {
  readonly results: readonly BlockResult[];
  view(id: BlockId): BlockView;
  /** The link has had no click yet: the panel shows one empty state instead of a block each. */
  readonly noClicks: boolean;
  /** The score card's total, or null when it could not be read. */
  readonly totalClicks: number | null;
}

const NONE: BlockView = { status: 'none', reason: 'missing' };

function relabeled(spec: CategorySpec, relabel: (text: string) => string): CategorySpec {
  const label = (l: Label): Label => ('text' in l ? { ...l, text: relabel(l.text) } : l);
  return {
    ...spec,
    labels: spec.labels.map(label),
    table: { ...spec.table, rows: spec.table.rows.map((row) => ({ ...row, label: label(row.label) })) },
  };
}

function localise(id: BlockId, spec: ChartSpec, words: PanelWords): ChartSpec {
  if (spec.kind === 'figures' || spec.kind === 'treemap') return spec;
  const time = (unit: TimeUnit) => (l: Label): Label => ('text' in l ? { ...l, text: words.time(l.text, unit) } : l);
  switch (id) {
    case 'clickedCountries':
      return relabeled(spec, words.country);
    case 'daywiseDevices':
      return trendSpec(spec, 'bar', time('day'));
    case 'monthYearPlatform':
      return trendSpec(spec, 'bar', time('month'));
    default:
      return spec;
  }
}

function totalClicks(view: BlockView): number | null {
  if (view.status !== 'chart' || view.spec.kind !== 'figures') return null;
  return view.spec.figures.find((f) => f.key === 'analyticsTotalClicks')?.value ?? null;
}

export function readPanel(data: unknown, words: PanelWords): PanelBlocks {
  const results = readAnalytics(data).map(({ id, view }) =>
    view.status === 'chart' ? { id, view: { status: 'chart' as const, spec: localise(id, view.spec, words) } } : { id, view },
  );
  const byId = new Map(results.map((r) => [r.id, r.view]));
  const charts = results.filter((r) => r.id !== 'scoreCard' && r.id !== 'clickTrends');
  const anyChart = charts.some((r) => r.view.status === 'chart');
  const total = totalClicks(byId.get('scoreCard') ?? NONE);
  const allEmpty = charts.every((r) => r.view.status === 'none' && r.view.reason === 'empty');
  return {
    results,
    view: (id) => byId.get(id) ?? NONE,
    noClicks: !anyChart && (total === 0 || (total === null && allEmpty)),
    totalClicks: total,
  };
}
