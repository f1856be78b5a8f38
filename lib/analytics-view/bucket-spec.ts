import { categorySpec } from './category-spec';
import { chooseKind, type KindRule } from './chart-kind';
import { displayLabel, serviceLabel } from './label-text';
import type { DisplayTexts } from './lenient-schemas';
import { TOP_BARS, rankedSpec } from './ranked-spec';
import { safeCount } from './safe-count';
import { bucketKey } from './service-names';
import type { AnalyticsMessageKey } from './message-keys';
import type { CategoryKind, CategorySpec } from './types';

/** Buckets are an ordered scale: bars in the scale's order, whatever the hint. */
export const BUCKET_RULE: KindRule<CategoryKind> = { accepts: ['horizontalBar'], fallback: 'horizontalBar', barsHorizontal: true };

export interface BucketParts {
  /** The view's own heading (each of the four asks its own question). */
  readonly titleKey: AnalyticsMessageKey;
  readonly counts: Readonly<Record<string, number>>;
  /** The buckets the wire schema names, in their meaningful order (most to least prosperous, …). */
  readonly known: readonly string[];
  readonly hint: string | undefined;
  readonly display: DisplayTexts;
}

/**
 * An advanced view's pie: clicks per bucket, in the buckets' own order (they
 * are ordered scales, not a ranking). Should the service send more buckets
 * than a bar list holds, they are ranked and capped like any top list.
 */
export function bucketSpec({ counts, known, hint, display, titleKey }: BucketParts): CategorySpec | null {
  const names = [...known.filter((name) => Object.hasOwn(counts, name)), ...Object.keys(counts).filter((name) => !known.includes(name))];
  const rows = names.map((name) => ({ label: name, count: counts[name] ?? 0 }));
  if (rows.length > TOP_BARS) return rankedSpec({ rows, hint, display, rule: BUCKET_RULE, titleKey, keyOf: bucketKey });
  const { kind, honoured } = chooseKind(hint, BUCKET_RULE);
  const values = rows.map((row) => safeCount(row.count));
  return categorySpec({
    kind,
    title: displayLabel(display.title, { key: titleKey }),
    hint: hint ?? null,
    hintHonoured: honoured,
    clamped: values.some((value) => value.clamped),
    labels: rows.map((row) => serviceLabel(row.label, bucketKey)),
    datasets: [{ label: null, data: values.map((value) => value.value) }],
    axes: { category: displayLabel(display.xAxisTitle, null), value: displayLabel(display.yAxis, { key: 'analyticsClicks' }) },
  });
}
