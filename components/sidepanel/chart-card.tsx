import { useEffect, useRef, useState } from 'preact/hooks';
import { chartWords, labelText } from '../../lib/i18n/analytics-text';
import { chartConfig, type ChartTheme } from '../../lib/analytics-view/chart-config';
import { legendEntries } from '../../lib/analytics-view/chart-legend';
import { Chart, drawnWithFirstParts } from '../../lib/analytics-view/chart-registration';
import { PANEL_MARKS, markOnce } from '../../lib/analytics-view/panel-marks';
import type { CategorySpec, TreemapSpec } from '../../lib/analytics-view/types';
import { t } from '../../lib/i18n/catalogue';
import { ChartLegend } from './chart-legend';
import { DataTable } from './data-table';
import { loadLaterChartParts } from './later-chart-parts';

interface Props {
  blockId: string;
  spec: CategorySpec | TreemapSpec;
  theme: ChartTheme;
}

/**
 * One chart: its heading, the canvas (an image named by its title), and its
 * data table behind a toggle. A throw while drawing marks the card failed
 * (effects run outside the render the error boundary watches).
 */
export function ChartCard({ blockId, spec, theme }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  const title = labelText(spec.title);
  const tableId = `table-${blockId.replace(/[^A-Za-z0-9_-]/g, '-')}`;

  useEffect(() => {
    const target = canvas.current;
    if (target === null) return undefined;
    let chart: { destroy(): void } | undefined;
    let live = true;
    const draw = () => {
      try {
        // The config's type is a union across chart types; Chart.js accepts each at run time.
        chart = new Chart(target, chartConfig(spec, theme, chartWords) as ConstructorParameters<typeof Chart>[1]);
        // Without animation the constructor has drawn the chart.
        markOnce(`${PANEL_MARKS.chart}${blockId}`);
        setFailed(false);
      } catch (error) {
        console.error('side panel chart failed', error);
        setFailed(true);
      }
    };
    const laterPartsFailed = (error: unknown) => {
      console.error('side panel chart parts failed to load', error);
      if (live && chart === undefined) setFailed(true);
    };
    if (drawnWithFirstParts(spec.kind)) {
      draw();
      // Asked for only now, so nothing the first chart does not need loads before it.
      loadLaterChartParts().catch(laterPartsFailed);
    } else {
      // After this turn: the first-parts charts of the same render draw (and mark) first,
      // so the later parts never load ahead of the first chart.
      const wait = setTimeout(() => loadLaterChartParts().then(() => live && draw(), laterPartsFailed), 0);
      return () => {
        live = false;
        clearTimeout(wait);
        chart?.destroy();
      };
    }
    return () => {
      live = false;
      chart?.destroy();
    };
  }, [spec, theme, blockId]);

  return (
    <section class="block" data-block={blockId} data-kind={spec.kind}>
      <h2>{title}</h2>
      {failed ? (
        <p class="muted">{t('sidepanelChartFailed')}</p>
      ) : (
        <div class={spec.kind === 'pie' || spec.kind === 'doughnut' || spec.kind === 'treemap' ? 'chart-box square' : 'chart-box'}>
          <canvas ref={canvas} role="img" aria-label={title} />
        </div>
      )}
      {!failed && spec.kind !== 'treemap' && <ChartLegend entries={legendEntries(spec, theme, chartWords)} />}
      {!spec.hintHonoured && spec.hint !== null && <p class="muted">{t('sidepanelHintIgnored', spec.hint)}</p>}
      {spec.clamped && <p class="muted">{t('sidepanelClamped')}</p>}
      <button type="button" class="link-button" aria-expanded={open} aria-controls={tableId} onClick={() => setOpen(!open)}>
        {open ? t('sidepanelHideTable') : t('sidepanelShowTable')}
      </button>
      {open && <DataTable id={tableId} caption={title} table={spec.table} />}
    </section>
  );
}
