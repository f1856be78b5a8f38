import type { ComponentProps } from 'preact';
import { t } from '../../lib/i18n/catalogue';
import { lazyComponent } from '@/components/shared/lazy-component';
import type { NoClicks } from './no-clicks';

/**
 * The state of a link nobody has opened yet, fetched when it is first shown:
 * such a link has no chart to draw, so its code (its icon, the empty state)
 * is not part of what a link with clicks loads before its first chart.
 * Should the chunk not load, its title stands in.
 */
export const { View: LazyNoClicks } = lazyComponent<ComponentProps<typeof NoClicks>>(
  () => import('./no-clicks').then((m) => m.NoClicks),
  (_props, failed) => (failed ? <p class="card no-clicks">{t('sidepanelNoClicksTitle')}</p> : null),
  'side panel no-clicks state',
);
