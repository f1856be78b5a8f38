/**
 * The Chart.js parts not needed by the first chart
 * (lib/analytics-view/chart-later-parts.ts), fetched once: the first chart
 * asks for them after it is drawn, and a chart that needs them waits for them.
 */
let loading: Promise<unknown> | null = null;

export function loadLaterChartParts(): Promise<unknown> {
  loading ??= import('../../lib/analytics-view/chart-later-parts');
  return loading;
}
