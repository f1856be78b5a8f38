import { siteOf, withoutScheme } from '../../lib/popup/address-text';
import { PageIcon } from './page-icon';

interface Props {
  url: string;
  /** The page's title, when known; else its site. */
  title: string | null;
  iconUrl: string | null;
}

/** Which page a link is for: its icon, its title and its address, one line each. */
export function PageSummary({ url, title, iconUrl }: Props) {
  return (
    <div class="page-summary">
      <PageIcon url={url} iconUrl={iconUrl} />
      <div class="grow">
        <p class="page-title truncate">{title ?? siteOf(url)}</p>
        <p class="page-address truncate" title={url}>
          {withoutScheme(url)}
        </p>
      </div>
    </div>
  );
}
