import type { LegendEntry } from '../../lib/analytics-view/chart-legend';

/** A chart's legend as a list: a colour swatch (decoration) and the name as text. */
export function ChartLegend({ entries }: { entries: readonly LegendEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <ul class="chart-legend">
      {entries.map((entry, i) => (
        <li key={i}>
          <span class="swatch" aria-hidden="true" style={{ backgroundColor: entry.color }} />
          {entry.text}
        </li>
      ))}
    </ul>
  );
}
