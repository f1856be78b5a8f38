import { MousePointerClick } from 'lucide-preact';
import { t } from '../../lib/i18n/catalogue';
import { EmptyState } from '../shared/empty-state';
import { CopyButton } from './copy-button';

/** A link nobody has opened yet: one calm state instead of an empty chart each, with the one useful action. */
export function NoClicks({ shortUrl }: { shortUrl: string | null }) {
  return (
    <section class="card no-clicks" data-empty="no-clicks">
      <EmptyState icon={MousePointerClick} title={t('sidepanelNoClicksTitle')} level={2}>
        <p>{t('sidepanelNoClicksBody')}</p>
        {shortUrl !== null && <CopyButton text={shortUrl} variant="primary" />}
      </EmptyState>
    </section>
  );
}
