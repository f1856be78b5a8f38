import type { CategorySpec, Label } from './types';

export interface BarRow {
  readonly label: Label;
  readonly value: number;
  /** The bar's length, 0 to 1, against the largest value shown. */
  readonly length: number;
  /** This row's part of all the clicks listed, 0 to 1. */
  readonly share: number;
}

/**
 * A ranked list drawn as bars (the side panel's bar list): each name with
 * its count, the longest bar for the largest count. The names stay text, so
 * every one is shown whole, wrapped if long, never cut to fit an axis.
 */
export function barRows(spec: Pick<CategorySpec, 'labels' | 'datasets'>): BarRow[] {
  const data = spec.datasets[0]?.data ?? [];
  const values = spec.labels.map((_, i) => data[i] ?? 0);
  const max = Math.max(0, ...values);
  const total = values.reduce((sum, value) => sum + value, 0);
  return spec.labels.map((label, i) => {
    const value = values[i] ?? 0;
    return { label, value, length: max > 0 ? value / max : 0, share: total > 0 ? value / total : 0 };
  });
}
