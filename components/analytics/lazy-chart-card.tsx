import { useEffect, useState } from 'preact/hooks';
import type { ChartCard as ChartCardType } from './chart-card';

/**
 * Chart.js is most of the panel's JavaScript: it is fetched as its own chunk,
 * asked for as soon as this module is evaluated (in parallel with the cache
 * read), so the figures and the score card show without waiting for it.
 */
const loading = import('./chart-card').then((m) => m.ChartCard);
let loaded: typeof ChartCardType | null = null;
void loading.then((card) => (loaded = card));

type Props = Parameters<typeof ChartCardType>[0];

export function LazyChartCard(props: Props) {
  const [Card, setCard] = useState<typeof ChartCardType | null>(() => loaded);
  useEffect(() => {
    if (Card !== null) return undefined;
    let live = true;
    loading.then(
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
