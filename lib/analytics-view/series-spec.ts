import { categorySpec } from './category-spec';
import { chooseKind, type KindRule } from './chart-kind';
import { displayLabel } from './label-text';
import type { DisplayTexts } from './lenient-schemas';
import type { AnalyticsMessageKey } from './message-keys';
import { capSeries, type SeriesInput } from './series';
import type { CategorySpec } from './types';

/** Days and hours as bars, months as a line: the panel's choice, whatever the hint. */
export const TIME_RULE = (kind: 'bar' | 'line'): KindRule<'bar' | 'line'> => ({ accepts: [kind], fallback: kind });

export interface SeriesParts {
  readonly series: readonly SeriesInput[];
  readonly categories: readonly string[];
  /** One unnamed series: the value axis names it, so it has no legend. */
  readonly single: boolean;
  readonly hint: string | undefined;
  readonly display: DisplayTexts;
  readonly rule: KindRule<'bar' | 'line'>;
  readonly titleKey: AnalyticsMessageKey;
}

/** Counts over days, months or hours, one dataset per series. */
export function seriesSpec({ series, categories, single, hint, display, rule, titleKey }: SeriesParts): CategorySpec | null {
  const { kind, honoured } = chooseKind(hint, rule);
  const table = capSeries(series, categories);
  return categorySpec({
    kind,
    title: displayLabel(display.title, { key: titleKey }),
    hint: hint ?? null,
    hintHonoured: honoured,
    clamped: table.clamped,
    labels: table.labels,
    datasets: single ? table.datasets.map((set) => ({ ...set, label: null })) : table.datasets,
    axes: {
      category: displayLabel(display.xAxisTitle, null),
      value: displayLabel(display.yAxis, { key: 'analyticsClicks' }),
    },
  });
}
