import { useMemo } from 'preact/hooks';
import { fallbackTitle, labelText } from '../../lib/analytics-text';
import { readAnalytics } from '../../lib/analytics-view/read-analytics';
import { ChartBoundary } from './chart-boundary';
import { ChartCard } from './chart-card';
import { useChartTheme } from './chart-theme';
import { EmptyState } from './empty-state';
import { ScoreCard } from './score-card';

/** Every block of an analytics answer, in panel order: a score card, a chart, or its empty state. */
export function AnalyticsBlocks({ data }: { data: unknown }) {
  const results = useMemo(() => readAnalytics(data), [data]);
  const theme = useChartTheme();
  return (
    <div class="blocks">
      {results.map(({ id, view }) => {
        if (view.status === 'none') return <EmptyState key={id} title={fallbackTitle(id)} reason={view.reason} />;
        const { spec } = view;
        return (
          <ChartBoundary key={id} title={labelText(spec.title)}>
            {spec.kind === 'figures' ? <ScoreCard blockId={id} spec={spec} /> : <ChartCard blockId={id} spec={spec} theme={theme} />}
          </ChartBoundary>
        );
      })}
    </div>
  );
}
