import { t } from '../../lib/i18n/catalogue';
import type { DoneExtra } from '../../lib/popup/controller';
import { tagErrorText } from '../../lib/tags/tags-text';

/** What else happened with a customised link: its tags, and the one-click link it replaced. */
export function CustomiseOutcome({ extra }: { extra: DoneExtra }) {
  const { replaced } = extra;
  return (
    <div role="status" class="customise-outcome">
      {extra.tagsQueued && <p class="warn">{t('tagsLinkTagsQueued')}</p>}
      {extra.tagsError && <p class="error">{t('tagsLinkTagsFailed', tagErrorText(extra.tagsError))}</p>}
      {replaced?.outcome === 'deleted' && <p>{t('tagsReplacedDeleted', replaced.shortUrl)}</p>}
      {replaced?.outcome === 'kept-clicks' && <p>{t('tagsReplacedKept', replaced.shortUrl)}</p>}
      {replaced?.outcome === 'kept-unknown' && <p>{t('tagsReplacedUnknown', replaced.shortUrl)}</p>}
    </div>
  );
}
