import { ChevronRight } from 'lucide-preact';
import { useEffect, useState } from 'preact/hooks';
import type { PanelBlocks } from '../../lib/analytics-view/panel-blocks';
import { t } from '../../lib/i18n/catalogue';
import { LazyAdvancedViews, loadAdvancedViews } from './lazy-advanced-views';

/**
 * The advanced (per Indian state) analytics, closed until asked for: four
 * views, each its buckets in their scale's order with the states in each.
 * Drawn when first opened, so a panel that never opens it never builds them;
 * their code is fetched once the cards are on screen (./lazy-advanced-views.tsx),
 * so it is there when asked for.
 */
export function AdvancedSection({ panel, fileBase }: { panel: PanelBlocks; fileBase: string }) {
  const [opened, setOpened] = useState(false);
  // An effect: after the frame that draws the cards, never ahead of a chart.
  useEffect(() => void loadAdvancedViews().catch(() => undefined), []);
  return (
    <details class="more-analytics" onToggle={(e) => (e.currentTarget as HTMLDetailsElement).open && setOpened(true)}>
      <summary>
        <ChevronRight size={18} aria-hidden="true" class="chevron" />
        <span class="summary-text">
          <span class="summary-title">{t('sidepanelMoreAnalytics')}</span>
          <span class="muted">{t('sidepanelMoreAnalyticsNote')}</span>
        </span>
      </summary>
      {opened && <LazyAdvancedViews panel={panel} fileBase={fileBase} />}
    </details>
  );
}
