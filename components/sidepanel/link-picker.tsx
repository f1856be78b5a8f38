import { t } from '../../lib/i18n/catalogue';
import { clicksText } from '../../lib/analytics-view/analytics-text';
import { pickerMatches, type PickerState } from '../../lib/sidepanel/controller';
import { displayHost } from '../../lib/sidepanel/link-icon';
import { ErrorNotice } from '../shared/error-notice';
import { LinkIcon } from './link-icon';

interface Props {
  picker: PickerState;
  /** The link shown before the switcher opened, marked in the list. */
  current: string | null;
  onSearch: (query: string) => void;
  onChoose: (linkId: string) => void;
  onMore: () => void;
}

/** Near the end of the list: ask for the next page before the user reaches it. */
const SCROLL_SLACK_PX = 80;

/**
 * The link switcher: the workspace's links with their titles and clicks,
 * searchable over what is loaded (the controller loads more while a search
 * finds too few), paged as the list scrolls, with a button for the next page
 * for keyboard users. Titles and links are rendered as text.
 */
export function LinkPicker({ picker, current, onSearch, onChoose, onMore }: Props) {
  const matches = pickerMatches(picker);
  const onScroll = (event: Event) => {
    const el = event.currentTarget as HTMLElement;
    if (el.scrollTop + el.clientHeight >= el.scrollHeight - SCROLL_SLACK_PX) onMore();
  };
  return (
    <div class="picker">
      <label for="picker-search">{t('sidepanelSearchLabel')}</label>
      <input id="picker-search" type="search" value={picker.query} onInput={(e) => onSearch((e.currentTarget as HTMLInputElement).value)} />
      <div class="picker-list" onScroll={onScroll}>
        {matches.length === 0 && !picker.loading ? (
          <p class="muted">{t('sidepanelNoLinks')}</p>
        ) : (
          <ul class="plain">
            {matches.map((link) => (
              <li key={link.linkId}>
                <button type="button" class="pick" aria-current={link.linkId === current ? 'true' : undefined} onClick={() => onChoose(link.linkId)}>
                  <LinkIcon url={link.longUrl} size={24} />
                  <span class="pick-text">
                    <span class="pick-title">{link.title ?? displayHost(link.longUrl)}</span>
                    <span class="short url">{link.shortUrl}</span>
                  </span>
                  <span class="pick-clicks">{clicksText(link.clicks)}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      {picker.loading && <p role="status">{t('loading')}</p>}
      {/* What went wrong and what to do; "Load more" below asks again. */}
      {picker.error !== null && <ErrorNotice error={picker.error} />}
      {picker.nextCursor !== null && !picker.loading && (
        <button type="button" onClick={onMore}>
          {t('sidepanelLoadMore')}
        </button>
      )}
    </div>
  );
}
