import { useLayoutEffect, useMemo } from 'preact/hooks';
import { fallbackTitle, labelText } from '../../lib/i18n/analytics-text';
import { PANEL_MARKS, markOnce } from '../../lib/analytics-view/panel-marks';
import { readAnalytics } from '../../lib/analytics-view/read-analytics';
import { ChartBoundary } from './chart-boundary';
import { useChartTheme } from './chart-theme';
import { EmptyState } from './empty-state';
import { LazyChartCard } from './lazy-chart-card';
import { ScoreCard } from './score-card';

/** Every block of an analytics answer, in panel order: a score card, a chart, or its empty state. */
export function AnalyticsBlocks({ data, cached }: { data: unknown; cached: boolean }) {
  const results = useMemo(() => readAnalytics(data), [data]);
  const theme = useChartTheme();
  // A layout effect: it runs when the figures are in the DOM, before the charts' own effects draw.
  useLayoutEffect(() => {
    const figures = performance.getEntriesByName(PANEL_MARKS.figuresCached).length + performance.getEntriesByName(PANEL_MARKS.figuresFresh).length;
    if (figures === 0) markOnce(cached ? PANEL_MARKS.figuresCached : PANEL_MARKS.figuresFresh);
  }, [cached]);
  return (
    <div class="blocks">
      {results.map(({ id, view }) => {
        if (view.status === 'none') return <EmptyState key={id} title={fallbackTitle(id)} reason={view.reason} />;
        const { spec } = view;
        return (
          <ChartBoundary key={id} title={labelText(spec.title)}>
            {spec.kind === 'figures' ? <ScoreCard blockId={id} spec={spec} /> : <LazyChartCard blockId={id} spec={spec} theme={theme} />}
          </ChartBoundary>
        );
      })}
    </div>
  );
}
