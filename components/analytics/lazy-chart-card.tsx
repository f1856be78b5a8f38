import { useEffect, useState } from 'preact/hooks';
import type { ChartCard as ChartCardType } from './chart-card';

/**
 * Chart.js is most of the panel's JavaScript: it is its own chunk, and
 * evaluating it holds the page's only thread for tens of milliseconds. So it
 * is asked for once there is nothing quicker to show: when the panel has no
 * cached figures (loadCharts() from the cache read, in parallel with the
 * service's answer), or once cached figures are on screen (the first card's
 * effect, after that paint).
 */
let loading: Promise<typeof ChartCardType> | null = null;
let loaded: typeof ChartCardType | null = null;

export function loadCharts(): Promise<typeof ChartCardType> {
  loading ??= import('./chart-card').then((m) => (loaded = m.ChartCard));
  return loading;
}

type Props = Parameters<typeof ChartCardType>[0];

export function LazyChartCard(props: Props) {
  const [Card, setCard] = useState<typeof ChartCardType | null>(() => loaded);
  useEffect(() => {
    if (Card !== null) return undefined;
    let live = true;
    loadCharts().then(
      (card) => live && setCard(() => card),
      (error: unknown) => console.error('side panel charts failed to load', error),
    );
    return () => {
      live = false;
    };
  }, [Card]);
  // Until Chart.js arrives: the block's frame, so nothing moves when the chart appears.
  return Card === null ? <section class="block chart-pending" data-block={props.blockId} /> : <Card {...props} />;
}
