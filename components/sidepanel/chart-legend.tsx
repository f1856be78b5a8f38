import type { LegendEntry } from '../../lib/analytics-view/chart-legend';

// Its look lives here, with the charts' chunk, rather than in components/shared/theme.css, which every
// page (the popup too) loads.
const LIST = { listStyle: 'none', margin: '0.4rem 0 0', padding: 0, display: 'flex', flexWrap: 'wrap', gap: '0.2rem 0.9rem', fontSize: '0.9em' };
const SWATCH = { display: 'inline-block', width: '0.8em', height: '0.8em', marginRight: '0.35em', borderRadius: '2px', verticalAlign: '-0.05em' };

/** A chart's legend as a list: a colour swatch (decoration) and the name as text. */
export function ChartLegend({ entries }: { entries: readonly LegendEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <ul class="chart-legend" style={LIST}>
      {entries.map((entry, i) => (
        <li key={i}>
          <span aria-hidden="true" style={{ ...SWATCH, backgroundColor: entry.color }} />
          {entry.text}
        </li>
      ))}
    </ul>
  );
}
