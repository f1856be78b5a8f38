import { t } from '../../lib/i18n/catalogue';
import { lazyComponent } from '../shared/lazy-component';

/**
 * The link picker, fetched when first shown: a panel opened on one link
 * (`?linkId=`) never shows it, so it stays out of the code loaded before the
 * first chart. Until it arrives: the page's loading line.
 */
export const { View: LazyLinkPicker } = lazyComponent(
  () => import('./link-picker').then((m) => m.LinkPicker),
  () => <p role="status">{t('loading')}</p>,
  'side panel link picker',
);
