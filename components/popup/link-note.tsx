/**
 * Under the result, what was done to the URL before it was shortened (issue
 * 25): the tracking parameters removed or the redirect wrapper unwrapped, with
 * an Undo that makes the link for the URL as it was; the site rule that
 * applied; or that cleaning failed and the URL was shortened as it was. For a
 * page shortened before, that this is the same link, with a way to make a new
 * one. Loaded only when there is something to say (lazy-parts.tsx).
 */
import { t } from '../../lib/i18n/catalogue';
import type { DoneExtra } from '../../lib/popup/popup-view';
import type { LinkView, ShortenRequest } from '../../lib/messaging/send-message';
import { Button } from '../shared/button';
import './link-note.css';

export interface LinkNoteProps {
  extra: DoneExtra;
  /** The link shown, and whether it came from the cache (else this popup made it, and Undo may replace it). */
  link: LinkView;
  fromCache: boolean;
  /** Makes a link: Undo's, or a new one for a page shortened before. */
  onRequest: (request: ShortenRequest) => void;
}

export function LinkNote({ extra, link, fromCache, onRequest }: LinkNoteProps) {
  const { cleaned, rule, replaced } = extra;
  // Built here, not in the popup's controller: the first load carries none of it.
  const undo = () =>
    cleaned !== undefined &&
    onRequest({
      url: cleaned.original,
      keywordType: 'HASH',
      clean: false,
      force: true,
      ...(fromCache ? {} : { replaces: link.linkId, replacesUrl: link.longUrl }),
    });
  const list = new Intl.ListFormat(document.documentElement.lang || undefined, { type: 'conjunction' });
  return (
    <div class="link-note" role="status">
      {fromCache && (
        <p class="link-note-row">
          <span>{t('fromCache')}</span>
          {/* The link as it is, not cleaned again: a new link for the same destination. */}
          <Button size="small" variant="secondary" onClick={() => onRequest({ url: link.longUrl, keywordType: 'HASH', force: true, clean: false })}>
            {t('popupNewLink')}
          </Button>
        </p>
      )}
      {cleaned !== undefined && (
        <p class="link-note-row">
          <span>
            {cleaned.unwrappedFrom !== null && t('cleanUnwrapped', cleaned.unwrappedFrom)}
            {cleaned.unwrappedFrom !== null && cleaned.removed.length > 0 && ' '}
            {cleaned.removed.length > 0 && t('cleanRemoved', list.format(cleaned.removed))}
          </span>
          <Button size="small" variant="secondary" onClick={undo}>
            {t('cleanUndo')}
          </Button>
        </p>
      )}
      {extra.cleanFailed && <p>{t('cleanFailed')}</p>}
      {rule !== undefined && (
        <p>{rule.template !== undefined ? t('ruleAppliedTemplate', rule.pattern, rule.template) : t('ruleApplied', rule.pattern)}</p>
      )}
      {replaced?.outcome === 'deleted' && <p>{t('cleanReplacedDeleted', replaced.shortUrl)}</p>}
      {replaced?.outcome === 'kept-clicks' && <p>{t('cleanReplacedKept', replaced.shortUrl)}</p>}
      {replaced?.outcome === 'kept-unknown' && <p>{t('cleanReplacedUnknown', replaced.shortUrl)}</p>}
    </div>
  );
}
