import { serviceLabel } from './label-text';
import { addCounts, safeCount } from './safe-count';
import type { Dataset, Label } from './types';

/** More lines or stacks than this cannot be told apart by colour. */
export const MAX_SERIES = 6;
/**
 * The service sends 7 days or 12 months; a longer axis is cut to its most
 * recent end, which is what a time chart is read for.
 */
export const MAX_CATEGORIES = 60;

export interface SeriesInput {
  readonly name: string;
  readonly data: readonly number[];
}

export interface SeriesTable {
  readonly labels: readonly Label[];
  readonly datasets: readonly Dataset[];
  readonly clamped: boolean;
}

/**
 * Series aligned to their categories (missing points are 0, extra points are
 * dropped), the busiest MAX_SERIES kept and the rest summed point by point
 * into one "other" series.
 */
export function capSeries(series: readonly SeriesInput[], categories: readonly string[]): SeriesTable {
  const start = Math.max(0, categories.length - MAX_CATEGORIES);
  const shownCategories = categories.slice(start);
  let clamped = false;
  const aligned = series.map((one) => {
    let total = 0;
    const data = shownCategories.map((_, i) => {
      const raw = one.data[start + i];
      const count = safeCount(raw ?? 0);
      clamped ||= count.clamped;
      total = addCounts(total, count.value).value;
      return count.value;
    });
    return { name: one.name, data, total };
  });
  aligned.sort((a, b) => b.total - a.total);
  const datasets: Dataset[] = aligned.slice(0, MAX_SERIES).map((one) => ({ label: serviceLabel(one.name), data: one.data }));
  if (aligned.length > MAX_SERIES) {
    const other = shownCategories.map(() => 0);
    for (const one of aligned.slice(MAX_SERIES)) {
      one.data.forEach((value, i) => {
        const sum = addCounts(other[i] ?? 0, value);
        clamped ||= sum.clamped;
        other[i] = sum.value;
      });
    }
    datasets.push({ label: { key: 'analyticsOther' }, data: other });
  }
  return { labels: shownCategories.map((name) => serviceLabel(name)), datasets, clamped };
}
