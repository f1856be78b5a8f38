import { ArrowLeftRight } from 'lucide-preact';
import type { ComponentChildren } from 'preact';
import { linkMetaText, linkNotFoundText } from '../../lib/i18n/analytics-text';
import { t } from '../../lib/i18n/catalogue';
import type { LinkFacts, LinkLookup } from '../../lib/sidepanel/panel-model';
import { displayHost } from '../../lib/sidepanel/link-icon';
import { IconButton } from '../shared/icon-button';
import { Skeleton } from '../shared/skeleton';
import { CopyButton } from './copy-button';
import { LinkIcon } from './link-icon';

interface Props {
  linkId: string;
  link: LinkFacts | null;
  lookup: LinkLookup;
  /** How many of the workspace's links were looked through, for "not among the N newest". */
  searched: number;
  /** The service's total, when figures are shown: newer than the list's count. */
  totalClicks: number | null;
  onSwitch: () => void;
  /** The panel's menu (exports), beside the switcher. */
  menu?: ComponentChildren;
}

/**
 * Which link the panel is about, before any chart: its icon, the
 * destination's title and host, the short link whole with Copy, then its
 * clicks, date and tags. Service text (title, tags) is rendered as text.
 */
export function LinkHeader({ linkId, link, lookup, searched, totalClicks, onSwitch, menu }: Props) {
  const clicks = totalClicks ?? link?.clicks ?? null;
  const actions = (
    <div class="link-actions">
      <IconButton icon={ArrowLeftRight} label={t('sidepanelSwitchLink')} onClick={onSwitch} />
      {menu}
    </div>
  );
  if (link === null) {
    return (
      <header class="link-header">
        <div class="link-title-row">
          <div class="grow">
            {lookup === 'looking' ? (
              <>
                <h1 class="visually-hidden">{t('sidepanelTitle')}</h1>
                <Skeleton height="1.4em" width="70%" />
                <Skeleton height="2.2em" />
              </>
            ) : (
              <>
                <h1>{t('sidepanelUnknownLink')}</h1>
                <p class="muted">{lookup === 'failed' ? t('sidepanelLinkLookupFailed') : linkNotFoundText(searched)}</p>
                <p class="muted url">{t('sidepanelLinkId', linkId)}</p>
              </>
            )}
          </div>
          {actions}
        </div>
      </header>
    );
  }
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
