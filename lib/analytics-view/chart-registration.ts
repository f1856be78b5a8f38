/**
 * The Chart.js parts registered before the first chart: bar, horizontal bar,
 * line, pie, doughnut; category and linear scales. No plugins: titles are
 * page headings (not Title), legends are HTML under the canvas
 * (chart-legend.ts, not Legend), and the values a tooltip would show are in
 * each chart's data table (not Tooltip). Countries are a ranked bar, so no
 * geo chart. The treemap (its own package) is in chart-later-parts.ts,
 * fetched once a chart is on screen.
 *
 * Why not only the bar's parts here: Chart.js ships as one ES module, and a
 * bundler puts a module in one chunk whole (every statement any chunk uses),
 * so registering line or pie later would move no bytes out of this chunk; it
 * would only draw those charts later. Measured: the first chart's chunk is
 * the same size either way.
 */
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  DoughnutController,
  LinearScale,
  LineController,
  LineElement,
  PieController,
  PointElement,
} from 'chart.js';
import type { ChartKind } from './types';

Chart.register(
  BarController,
  BarElement,
  LineController,
  LineElement,
  PointElement,
  PieController,
  DoughnutController,
  ArcElement,
  CategoryScale,
  LinearScale,
);

/** Kinds drawn with the parts above alone. */
export function drawnWithFirstParts(kind: Exclude<ChartKind, 'figures'>): boolean {
  return kind !== 'treemap';
}

export { Chart };
