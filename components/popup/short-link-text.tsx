import { shortLinkParts } from '../../lib/popup/address-text';

/**
 * The short link whole, without its scheme: the host and the keyword wrap
 * apart (a break after the slash first) rather than being cut. Selectable
 * text; `data-url` keeps the link as copied, scheme included.
 */
export function ShortLinkText({ id, shortUrl }: { id?: string; shortUrl: string }) {
  const { host, keyword } = shortLinkParts(shortUrl);
  return (
    <p id={id} class="short-link" data-url={shortUrl}>
      <span class="short-host">{host}</span>
      <wbr />
      <span class="short-keyword">{keyword}</span>
    </p>
  );
}
