/**
 * The Chart.js parts registered before the first chart: bar, horizontal bar,
 * line, pie, doughnut; category and linear scales; legend and tooltip.
 * Titles are page headings, not the Title plugin; countries are a ranked bar,
 * so no geo chart. The treemap (its own package) is in chart-later-parts.ts,
 * fetched once a chart is on screen.
 *
 * Why not only the bar's parts here: Chart.js ships as one ES module, and a
 * bundler puts a module in one chunk whole (every statement any chunk uses),
 * so registering line, pie, legend or tooltip later would move no bytes out
 * of this chunk; it would only draw those charts later. Measured: the first
 * chart's chunk is the same size either way.
 */
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  DoughnutController,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PieController,
  PointElement,
  Tooltip,
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
  Legend,
  Tooltip,
);

/** Kinds drawn with the parts above alone. */
export function drawnWithFirstParts(kind: Exclude<ChartKind, 'figures'>): boolean {
  return kind !== 'treemap';
}

export { Chart };
