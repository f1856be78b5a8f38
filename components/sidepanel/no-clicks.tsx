import { MousePointerClick } from 'lucide-preact';
import { t } from '../../lib/i18n/catalogue';
import { EmptyState } from '../shared/empty-state';
import { BotNote } from './bot-note';
import { CopyButton } from './copy-button';

/**
 * A link nobody has opened yet: one calm state instead of an empty chart each, with the one useful action.
 * `botClicks`: link previews and crawlers may have fetched it already (a link just posted in a chat); said so
 * when the service counted some, as they are not clicks.
 */
export function NoClicks({ shortUrl, botClicks }: { shortUrl: string | null; botClicks: number | null }) {
  return (
    <section class="card no-clicks" data-empty="no-clicks">
      <EmptyState icon={MousePointerClick} title={t('sidepanelNoClicksTitle')} level={2}>
        <p>{t('sidepanelNoClicksBody')}</p>
        <BotNote count={botClicks} />
        {shortUrl !== null && <CopyButton text={shortUrl} variant="primary" />}
      </EmptyState>
    </section>
  );
}
