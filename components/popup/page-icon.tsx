import { Globe } from 'lucide-preact';
import { useState } from 'preact/hooks';
import { siteLetter } from '../../lib/popup/address-text';

interface Props {
  /** The page the icon stands for. */
  url: string;
  /** Its icon from the browser (lib/popup/page-icon.ts); null where there is none. */
  iconUrl: string | null;
  size?: 'small' | 'medium';
}

/**
 * A page's icon, or its site's first letter where the browser gives none (or
 * the icon fails: Firefox gives extensions no page icons), or a neutral globe
 * where no letter stands for the site (an IP address, a punycode name).
 * Decoration: the text beside it names the page.
 */
export function PageIcon({ url, iconUrl, size = 'medium' }: Props) {
  const [failed, setFailed] = useState(false);
  const px = size === 'small' ? 20 : 32;
  if (iconUrl !== null && !failed) {
    return <img class={`page-icon ${size}`} src={iconUrl} width={px} height={px} alt="" onError={() => setFailed(true)} />;
  }
  const letter = siteLetter(url);
  if (letter === '') {
    return (
      <span class={`page-icon neutral ${size}`} aria-hidden="true" data-icon="neutral">
        <Globe size={size === 'small' ? 14 : 20} aria-hidden="true" />
      </span>
    );
  }
  return (
    <span class={`page-icon letter ${size}`} aria-hidden="true">
      {letter}
    </span>
  );
}
