import { Ellipsis } from 'lucide-preact';
import type { ComponentProps } from 'preact';
import { t } from '../../lib/i18n/catalogue';
import { lazyComponent } from '../shared/lazy-component';
import type { BlockMenu } from './block-menu';
import type { DataTable } from './data-table';
import type { PanelMenu } from './panel-menu';

/**
 * The menus (data tables, CSV and JSON exports) and the tables they open are
 * not part of the first screen: their code is fetched once the figures are on
 * screen (the menus mount after that paint) and never holds up a chart.
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

export const { View: LazyPanelMenu } = lazyComponent<ComponentProps<typeof PanelMenu>>(
  () => import('./panel-menu').then((m) => m.PanelMenu),
  () => <PendingTrigger label={t('sidepanelPanelMenu')} small={false} />,
  'side panel menu',
);

/** Shown only from a menu, so its code has arrived with the menus'. */
export const { View: LazyDataTable } = lazyComponent<ComponentProps<typeof DataTable>>(
  () => import('./data-table').then((m) => m.DataTable),
  () => null,
  'side panel data table',
);
