import type { ChartTheme } from '../../lib/analytics-view/chart-config';
import type { PanelBlocks } from '../../lib/analytics-view/panel-blocks';
import { fallbackTitle, labelText } from '../../lib/analytics-view/analytics-text';
import { BlockCard } from './block-card';
import { BlockProblem } from './block-problem';
import { LazyChartCanvas } from './lazy-chart-card';

/** When in the day people click, in the reader's time: 24 bars, one per hour (lib/analytics-view/local-hours.ts). */
export function HoursCard({ panel, theme, fileBase }: { panel: PanelBlocks; theme: ChartTheme; fileBase: string }) {
  const view = panel.view('hourDayClicks');
  const title = view.status === 'chart' ? labelText(view.spec.title) : fallbackTitle('hourDayClicks');
  return (
    <BlockCard title={title} blockId="hourDayClicks" results={[{ id: 'hourDayClicks', view }]} fileBase={fileBase}>
      {view.status === 'chart' && view.spec.kind !== 'figures' && view.spec.kind !== 'treemap' ? (
        <LazyChartCanvas blockId="hourDayClicks" spec={view.spec} kind="bar" theme={theme} label={title} />
      ) : (
        <BlockProblem reason={view.status === 'none' ? view.reason : 'malformed'} title={title} total={panel.totalClicks} />
      )}
    </BlockCard>
  );
}
