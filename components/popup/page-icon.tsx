import { useState } from 'preact/hooks';
import { siteLetter } from '../../lib/popup/address-text';

interface Props {
  /** The page the icon stands for. */
  url: string;
  /** Its icon from the browser (lib/popup/page-icon.ts); null where there is none. */
  iconUrl: string | null;
  size?: 'small' | 'medium';
}

/** A page's icon, or its site's first letter where the browser gives none (or the icon fails). Decoration: the text beside it names the page. */
export function PageIcon({ url, iconUrl, size = 'medium' }: Props) {
  const [failed, setFailed] = useState(false);
  const px = size === 'small' ? 20 : 32;
  if (iconUrl !== null && !failed) {
    return <img class={`page-icon ${size}`} src={iconUrl} width={px} height={px} alt="" onError={() => setFailed(true)} />;
  }
  return (
    <span class={`page-icon letter ${size}`} aria-hidden="true">
      {siteLetter(url)}
    </span>
  );
}
