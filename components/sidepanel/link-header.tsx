import { ArrowLeftRight } from 'lucide-preact';
import type { ComponentChildren } from 'preact';
import { linkMetaText, linkNotFoundText } from '../../lib/analytics-view/analytics-text';
import { t } from '../../lib/i18n/catalogue';
import type { HeaderView } from '../../lib/sidepanel/header-view';
import { displayHost } from '../../lib/sidepanel/link-icon';
import { IconButton } from '../shared/icon-button';
import { Skeleton } from '../shared/skeleton';
import { CopyButton } from './copy-button';
import { LinkIcon } from './link-icon';

interface Props {
  view: HeaderView;
  /** The service's total, when figures are shown: newer than the list's count. */
  totalClicks: number | null;
  onSwitch: () => void;
  /** The panel's menu (exports), beside the switcher. */
  menu?: ComponentChildren;
  /** What the destination check found wrong with the link's page, under its date (loaded after the first frame). */
  mark?: ComponentChildren;
}

/**
 * Which link the panel is about, before any chart: its icon, the
 * destination's title and host, the short link whole with Copy, then its
 * clicks, date and tags; or, while the service cannot say more, the link by
 * its id (lib/sidepanel/header-view.ts). Service text (title, tags) is
 * rendered as text.
 */
export function LinkHeader({ view, totalClicks, onSwitch, menu, mark }: Props) {
  const actions = (
    <div class="link-actions">
      <IconButton icon={ArrowLeftRight} label={t('sidepanelSwitchLink')} onClick={onSwitch} />
      {menu}
    </div>
  );
  if (view.kind !== 'link') {
    return (
      <header class="link-header">
        <div class="link-title-row">
          <div class="grow">
            {view.kind === 'looking' && (
              <>
                <h1 class="visually-hidden">{t('sidepanelTitle')}</h1>
                <Skeleton height="1.4em" width="70%" />
                <Skeleton height="2.2em" />
              </>
            )}
            {view.kind === 'not-found' && (
              <>
                <h1>{t('sidepanelUnknownLink')}</h1>
                <p class="muted">{t('sidepanelLinkDoesNotExist')}</p>
                <p class="muted url">{t('sidepanelLinkId', view.linkId)}</p>
              </>
            )}
            {view.kind === 'id' && (
              <>
                <h1 class="link-title url">{t('sidepanelLinkIdHeading', view.linkId)}</h1>
                {view.why === 'list-failed' && <p class="muted">{t('sidepanelLinkLookupFailed')}</p>}
                {view.why === 'not-listed' && <p class="muted">{linkNotFoundText(view.searched)}</p>}
              </>
            )}
          </div>
          {actions}
        </div>
      </header>
    );
  }
  const { link } = view;
  const clicks = totalClicks ?? link.clicks ?? null;
  const host = displayHost(link.longUrl);
  return (
    <header class="link-header">
      <div class="link-title-row">
        <LinkIcon url={link.longUrl} />
        <div class="grow">
          <h1 class="link-title">{link.title ?? host}</h1>
          <p class="link-host url" title={link.longUrl}>
            {link.title !== undefined ? host : link.longUrl}
          </p>
        </div>
        {actions}
      </div>
      <div class="short-link-box">
        <span class="short-link url">{link.shortUrl.replace(/^https?:\/\//, '')}</span>
        <CopyButton text={link.shortUrl} variant="primary" />
      </div>
      <p class="link-meta">{linkMetaText(clicks, link.createdDate)}</p>
      {mark}
      {link.tags !== undefined && link.tags.length > 0 && (
        <ul class="chips" aria-label={t('sidepanelTags')}>
          {link.tags.map((tag) => (
            <li key={tag} class="chip static">
              <span>{tag}</span>
            </li>
          ))}
        </ul>
      )}
    </header>
  );
}
