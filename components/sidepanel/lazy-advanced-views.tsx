import { t } from '../../lib/i18n/catalogue';
import { lazyComponent } from '@/components/shared/lazy-component';

/**
 * The advanced analytics' views (./advanced-views.tsx): closed on every
 * opening of the panel, they are not part of the code loaded before the
 * first chart. Fetched once the cards are drawn (load(), from
 * ./advanced-section.tsx), or when "More analytics" is opened first. Until
 * they arrive: the page's loading line.
 */
export const { View: LazyAdvancedViews, load: loadAdvancedViews } = lazyComponent(
  () => import('./advanced-views').then((m) => m.AdvancedViews),
  () => <p role="status">{t('loading')}</p>,
  'side panel advanced analytics',
);
