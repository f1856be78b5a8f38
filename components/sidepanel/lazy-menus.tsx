import { Ellipsis } from 'lucide-preact';
import type { ComponentProps } from 'preact';
import { useLayoutEffect, useState } from 'preact/hooks';
import { t } from '../../lib/i18n/catalogue';
import { afterPaint } from '@/components/shared/after-paint';
import { lazyComponent } from '../shared/lazy-component';
import type { BlockMenu } from './block-menu';
import type { DataTable } from './data-table';
import type { PanelMenu } from './panel-menu';

/**
 * The menus (data tables, CSV and JSON exports) and the tables they open are
 * not part of the first screen: their code is fetched once the figures are on
 * screen (the cards' menus mount after that paint, the header's asks after it,
 * LazyPanelMenu) and never holds up a chart.
 * Meanwhile the trigger stands where the menu's will be, inactive, so nothing
 * moves and nothing clicked is lost; should the chunk not load, it stays so.
 */
function PendingTrigger({ label, small }: { label: string; small: boolean }) {
  return (
    <div class="menu-wrap">
      <button type="button" class={small ? 'icon ghost small' : 'icon ghost'} aria-label={label} title={label} aria-haspopup="menu" disabled>
        <Ellipsis size={small ? 16 : 18} aria-hidden="true" />
      </button>
    </div>
  );
}

export const { View: LazyBlockMenu } = lazyComponent<ComponentProps<typeof BlockMenu>>(
  () => import('./block-menu').then((m) => m.BlockMenu),
  ({ title, results }) => (results.some((r) => r.view.status === 'chart') ? <PendingTrigger label={t('sidepanelBlockMenu', title)} small /> : null),
  'side panel block menu',
);

const { View: PanelMenuView } = lazyComponent<ComponentProps<typeof PanelMenu>>(
  () => import('./panel-menu').then((m) => m.PanelMenu),
  () => <PendingTrigger label={t('sidepanelPanelMenu')} small={false} />,
  'side panel menu',
);

/**
 * The header's menu. The header is drawn with the first figures, so its
 * chunk is asked for once the frame that shows them is painted: fetching it
 * (the page adds its files' preload links) holds the page's thread, which
 * would otherwise run before that frame whenever the page renders again.
 */
export function LazyPanelMenu(props: ComponentProps<typeof PanelMenu>) {
  const [asked, setAsked] = useState(false);
  useLayoutEffect(() => afterPaint(() => setAsked(true)), []);
  return asked ? <PanelMenuView {...props} /> : <PendingTrigger label={t('sidepanelPanelMenu')} small={false} />;
}

/** Shown only from a menu, so its code has arrived with the menus'. */
export const { View: LazyDataTable } = lazyComponent<ComponentProps<typeof DataTable>>(
  () => import('./data-table').then((m) => m.DataTable),
  () => null,
  'side panel data table',
);
