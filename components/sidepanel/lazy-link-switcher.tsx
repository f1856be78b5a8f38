import type { ComponentProps } from 'preact';
import { t } from '../../lib/i18n/catalogue';
import { lazyComponent } from '@/components/shared/lazy-component';
import type { LinkSwitcher } from './link-switcher';

/**
 * The link switcher and its picker (./link-switcher.tsx), fetched when first
 * shown: a panel opened on one link (`?linkId=`) shows it only when asked,
 * so it stays out of the code loaded before the first chart. Until it
 * arrives: the page's loading line.
 */
export const { View: LazyLinkSwitcher } = lazyComponent<ComponentProps<typeof LinkSwitcher>>(
  () => import('./link-switcher').then((m) => m.LinkSwitcher),
  () => <p role="status">{t('loading')}</p>,
  'side panel link switcher',
);
