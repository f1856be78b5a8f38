import { categorySpec } from './category-spec';
import { chooseKind, type KindRule } from './chart-kind';
import { displayLabel } from './label-text';
import type { DisplayTexts } from './lenient-schemas';
import type { AnalyticsMessageKey } from './message-keys';
import { topN, type RankedInput } from './top-n';
import type { CategoryKind, CategorySpec } from './types';

/** A bar list stays readable up to about ten names; the rest are summed as "other". */
export const TOP_BARS = 10;

export interface RankedParts {
  readonly rows: readonly RankedInput[];
  readonly hint: string | undefined;
  readonly display: DisplayTexts;
  readonly rule: KindRule<CategoryKind>;
  readonly titleKey: AnalyticsMessageKey;
  /** Names of the service's own making, as catalogue keys (./service-names.ts). */
  readonly keyOf?: (name: string) => AnalyticsMessageKey | undefined;
}

/** A top list (browsers, devices, places, buckets) as one series of counts. */
export function rankedSpec({ rows, hint, display, rule, titleKey, keyOf }: RankedParts): CategorySpec | null {
  const { kind, honoured } = chooseKind(hint, rule);
  const ranked = topN(rows, TOP_BARS, keyOf);
  return categorySpec({
    kind,
    title: displayLabel(display.title, { key: titleKey }),
    hint: hint ?? null,
    hintHonoured: honoured,
    clamped: ranked.clamped,
    labels: ranked.labels,
    datasets: [{ label: null, data: ranked.values }],
    axes: {
      category: displayLabel(display.xAxisTitle, null),
      value: displayLabel(display.yAxis, { key: 'analyticsClicks' }),
    },
  });
}
