import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { chartWords } from '../../lib/analytics-view/analytics-text';
import { chartConfig, type ChartTheme, type TimeKind } from '../../lib/analytics-view/chart-config';
import { Chart } from '../../lib/analytics-view/chart-registration';
import { PANEL_MARKS, markOnce } from '../../lib/analytics-view/panel-marks';
import type { CategorySpec } from '../../lib/analytics-view/types';
import { t } from '../../lib/i18n/catalogue';

interface Props {
  blockId: string;
  spec: CategorySpec;
  kind: TimeKind;
  theme: ChartTheme;
  /** The canvas's name for screen readers; the figures are in the block's data table. */
  label: string;
}

/**
 * A chart over time on canvas (Chart.js, its own chunk). A throw while
 * drawing shows a sentence instead (effects run outside the render an error
 * boundary watches).
 */
export function ChartCanvas({ blockId, spec, kind, theme, label }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);

  // A layout effect: the chart is drawn in the commit that adds its canvas, not a frame later.
  useLayoutEffect(() => {
    const target = canvas.current;
    if (target === null) return undefined;
    let chart: { destroy(): void } | undefined;
    try {
      chart = new Chart(target, chartConfig(spec, kind, theme, chartWords));
      // Without animation the constructor has drawn the chart.
      markOnce(`${PANEL_MARKS.chart}${blockId}`);
      setFailed(false);
    } catch (error) {
      console.error('side panel chart failed', error);
      setFailed(true);
    }
    return () => chart?.destroy();
  }, [spec, kind, theme, blockId]);

  if (failed) return <p class="muted">{t('sidepanelChartFailed')}</p>;
  return (
    <div class="chart-box">
      <canvas ref={canvas} role="img" aria-label={label} data-chart={blockId} />
    </div>
  );
}
