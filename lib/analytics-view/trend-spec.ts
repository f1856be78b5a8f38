import { addCounts } from './safe-count';
import type { CategorySpec, Label } from './types';

/**
 * Clicks over time as one series: the daily series (one per device) or the
 * monthly one (one per platform) summed point by point, so the trend reads
 * at a glance; devices and platforms have ranked lists of their own. The
 * split is not lost: the data table keeps a column per device or platform
 * beside the total. `relabel` turns the service's ISO days or months into
 * the reader's dates. `kind`: how the panel draws it; bars for days and for
 * months alike (a month's clicks are a count, and bars need none of the
 * line's parts of Chart.js, which cannot be split from its core and would be
 * in the panel's first load: ./chart-registration.ts).
 */
export function trendSpec(spec: CategorySpec, kind: 'bar' | 'line', relabel: (label: Label) => Label): CategorySpec {
  let clamped = spec.clamped;
  const totals = spec.labels.map((_, i) =>
    spec.datasets.reduce((sum, set) => {
      const next = addCounts(sum, set.data[i] ?? 0);
      clamped ||= next.clamped;
      return next.value;
    }, 0),
  );
  const labels = spec.labels.map(relabel);
  const clicks: Label = { key: 'analyticsClicks' };
  const perSeries = spec.datasets.length > 1 || spec.datasets[0]?.label != null;
  const head: Label[] = perSeries ? [...spec.datasets.map((set) => set.label ?? clicks), { key: 'analyticsTotal' }] : [clicks];
  const rows = labels.map((label, i) => ({
    label,
    values: perSeries ? [...spec.datasets.map((set) => set.data[i] ?? 0), totals[i] ?? 0] : [totals[i] ?? 0],
    unit: 'count' as const,
  }));
  return {
    ...spec,
    kind,
    clamped,
    labels,
    datasets: [{ label: null, data: totals }],
    axes: { category: null, value: clicks },
    table: { head, rows },
  };
}
