import { MousePointerClick } from 'lucide-preact';
import { t } from '../../lib/i18n/catalogue';
import { CopyButton } from './copy-button';

/**
 * A link nobody has opened yet: one calm state instead of an empty chart
 * each, with the one useful action. The empty state's look (components/shared/
 * empty-state.tsx), with a heading at the panel's level (h2 under the link's h1).
 */
export function NoClicks({ shortUrl }: { shortUrl: string | null }) {
  return (
    <section class="card no-clicks" data-empty="no-clicks" aria-labelledby="no-clicks-heading">
      <div class="empty-state">
        <MousePointerClick size={28} aria-hidden="true" />
        <h2 id="no-clicks-heading">{t('sidepanelNoClicksTitle')}</h2>
        <p>{t('sidepanelNoClicksBody')}</p>
        {shortUrl !== null && <CopyButton text={shortUrl} variant="primary" />}
      </div>
    </section>
  );
}
