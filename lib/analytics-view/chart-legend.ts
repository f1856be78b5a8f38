/**
 * What a chart's legend says, as text beside a colour: the slices of a pie or
 * doughnut, or the series of a chart with more than one. The page draws it as
 * HTML under the canvas (components/sidepanel/chart-legend.tsx) instead of
 * Chart.js's Legend plugin, which would add its code to the first chart's
 * chunk; as HTML the names are also real text. The colours follow
 * chart-config.ts, so each entry matches what the canvas shows.
 */
import { colorAt, type ChartTheme, type ChartWords } from './chart-config';
import type { CategorySpec, Label } from './types';

export interface LegendEntry {
  readonly text: string;
  readonly color: string;
}

/** The entries, or none when one series is drawn (the value axis names it). */
export function legendEntries(spec: CategorySpec, theme: ChartTheme, words: Pick<ChartWords, 'label'>): LegendEntry[] {
  const named = (labels: readonly Label[]) => labels.map((label, i) => ({ text: words.label(label), color: colorAt(theme, i) }));
  if (spec.kind === 'pie' || spec.kind === 'doughnut') return named(spec.labels);
  if (spec.datasets.length < 2) return [];
  const clicks: Label = { key: 'analyticsClicks' };
  return named(spec.datasets.map((set) => set.label ?? spec.axes.value ?? clicks));
}
