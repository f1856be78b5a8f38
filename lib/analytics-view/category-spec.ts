import type { CategoryKind, CategorySpec, Dataset, Label } from './types';

export interface CategoryParts {
  readonly kind: CategoryKind;
  readonly title: Label;
  readonly hint: string | null;
  readonly hintHonoured: boolean;
  readonly clamped: boolean;
  readonly labels: readonly Label[];
  readonly datasets: readonly Dataset[];
  readonly axes: { readonly category: Label | null; readonly value: Label | null };
}

/**
 * The spec of a chart with categories, with its table: one row per category,
 * one column per dataset. null when there is nothing to draw (no category,
 * or every count 0): an empty pie draws nothing, and a flat bar chart says
 * less than the page's "no clicks yet".
 */
export function categorySpec(parts: CategoryParts): CategorySpec | null {
  const anyClick = parts.datasets.some((set) => set.data.some((value) => value > 0));
  if (parts.labels.length === 0 || !anyClick) return null;
  const clicks: Label = { key: 'analyticsClicks' };
  const head = parts.datasets.map((set): Label => set.label ?? parts.axes.value ?? clicks);
  const rows = parts.labels.map((label, i) => ({
    label,
    values: parts.datasets.map((set) => set.data[i] ?? 0),
    unit: 'count' as const,
  }));
  return { ...parts, table: { head, rows } };
}
