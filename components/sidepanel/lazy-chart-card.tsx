import { lazyComponent } from '../shared/lazy-component';

/**
 * Chart.js is most of the panel's JavaScript: it is its own chunk, and
 * evaluating it holds the page's only thread for tens of milliseconds. So it
 * is asked for once there is nothing quicker to show: when the panel has no
 * cached figures (load(), from the cache read, in parallel with the
 * service's answer), or once cached figures are on screen (the trend's
 * effect, after that paint). Until it arrives: the chart's frame, so nothing
 * moves when the chart appears.
 */
export const { View: LazyChartCanvas, load: loadCharts } = lazyComponent(
  () => import('./chart-canvas').then((m) => m.ChartCanvas),
  () => <div class="chart-box chart-pending" />,
  'side panel charts',
);
