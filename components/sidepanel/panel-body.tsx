import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { PanelBlocks } from '../../lib/analytics-view/panel-blocks';
import { PANEL_MARKS, markOnce } from '../../lib/analytics-view/panel-marks';
import { t } from '../../lib/i18n/catalogue';
import { afterPaint } from '@/components/shared/after-paint';
import { ChartBoundary } from './chart-boundary';
import { useChartTheme } from './chart-theme';
import { LazyNoClicks } from './lazy-no-clicks';
import { Overview } from './overview';
import { TrendCard } from './trend-card';
import { LazyMoreCards } from './lazy-more-cards';

interface Props {
  panel: PanelBlocks;
  cached: boolean;
  fileBase: string;
  /** For the no-clicks state's Copy. */
  shortUrl: string | null;
}

/**
 * What matters first: the overview and the trend; then where the clicks come
 * from and what they click with, as ranked lists; then the hours of the day;
 * the advanced analytics last, closed. A link with no clicks shows one state.
 *
 * Figures from the device's cache come before anything else (a reopen): the
 * overview is drawn alone in their first frame, and the cards under it once
 * that frame is painted, as building them holds the page's only thread longer
 * than the header and overview together. The service's figures (nothing was
 * cached) are drawn with the cards at once: their code loaded while it answered.
 */
export function PanelBody({ panel, cached, fileBase, shortUrl }: Props) {
  // The first figures' origin: the service's may replace cached ones before their frame is painted.
  const firstCached = useRef(cached).current;
  const [cardsShown, setCardsShown] = useState(!firstCached);
  // Marked once the frame that shows the first figures is painted, not when they enter the DOM.
  useLayoutEffect(() => {
    markOnce(PANEL_MARKS.figuresInPage);
    return afterPaint(() => {
      const shown = performance.getEntriesByName(PANEL_MARKS.figuresCached).length + performance.getEntriesByName(PANEL_MARKS.figuresFresh).length;
      if (shown === 0) markOnce(firstCached ? PANEL_MARKS.figuresCached : PANEL_MARKS.figuresFresh);
      setCardsShown(true);
    });
  }, [firstCached]);
  if (panel.noClicks) return <LazyNoClicks shortUrl={shortUrl} botClicks={panel.botClicks} />;
  return (
    <div class="blocks">
      <Overview scoreCard={panel.view('scoreCard')} trend={panel.view('clickTrends')} botClicks={panel.botClicks} />
      {cardsShown ? <Cards panel={panel} fileBase={fileBase} /> : <div class="cards-pending" aria-hidden="true" />}
    </div>
  );
}

/** Everything under the overview: the trend first, the other cards from their own chunk (./more-cards.tsx). */
function Cards({ panel, fileBase }: { panel: PanelBlocks; fileBase: string }) {
  const theme = useChartTheme();
  return (
    <>
      <ChartBoundary title={t('sidepanelTrendHeading')}>
        <TrendCard panel={panel} theme={theme} fileBase={fileBase} />
      </ChartBoundary>
      <LazyMoreCards panel={panel} theme={theme} fileBase={fileBase} />
    </>
  );
}
