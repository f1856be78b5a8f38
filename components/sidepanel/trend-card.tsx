import { useState } from 'preact/hooks';
import type { ChartTheme } from '../../lib/analytics-view/chart-config';
import type { PanelBlocks } from '../../lib/analytics-view/panel-blocks';
import type { BlockView } from '../../lib/analytics-view/types';
import { trendDaysText, trendMonthsText } from '../../lib/i18n/analytics-text';
import { t } from '../../lib/i18n/catalogue';
import { BlockCard } from './block-card';
import { BlockProblem } from './block-problem';
import { LazyChartCanvas } from './lazy-chart-card';

type Period = 'daywiseDevices' | 'monthYearPlatform';

const count = (view: BlockView) => (view.status === 'chart' && view.spec.kind !== 'figures' && view.spec.kind !== 'treemap' ? view.spec.labels.length : 0);

/**
 * Clicks over time, right under the overview: the last days or the last
 * months as bars, each summed over devices or platforms (those have
 * lists of their own; the split stays in this card's data table).
 */
export function TrendCard({ panel, theme, fileBase }: { panel: PanelBlocks; theme: ChartTheme; fileBase: string }) {
  const [period, setPeriod] = useState<Period>('daywiseDevices');
  const days = panel.view('daywiseDevices');
  const months = panel.view('monthYearPlatform');
  const view = period === 'daywiseDevices' ? days : months;
  const title = t('sidepanelTrendHeading');
  return (
    <BlockCard
      title={title}
      blockId={period}
      results={[{ id: period, view }]}
      fileBase={fileBase}
      tabs={{
        label: t('sidepanelTrendPeriod'),
        current: period,
        onSelect: (id) => setPeriod(id as Period),
        items: [
          { id: 'daywiseDevices', label: count(days) > 0 ? trendDaysText(count(days)) : t('sidepanelTrendByDay') },
          { id: 'monthYearPlatform', label: count(months) > 0 ? trendMonthsText(count(months)) : t('sidepanelTrendByMonth') },
        ],
      }}
    >
      {view.status === 'chart' && view.spec.kind !== 'figures' && view.spec.kind !== 'treemap' ? (
        <LazyChartCanvas blockId={period} spec={view.spec} kind="bar" theme={theme} label={title} />
      ) : (
        <BlockProblem reason={view.status === 'none' ? view.reason : 'malformed'} />
      )}
    </BlockCard>
  );
}
