import { useState } from 'preact/hooks';
import { browser } from '@/lib/browser/native-api';
import { colourIndexOf, faviconUrl, letterOf } from '../../lib/sidepanel/link-icon';

/** Chart series colours (components/shared/theme.css) double as the letters' backgrounds. */
const COLOURS = 8;

/** Read once: the permission is in the manifest or not for the life of the page. */
let hasFaviconCache: boolean | undefined;
function faviconCache(): boolean {
  hasFaviconCache ??= (browser.runtime.getManifest().permissions ?? []).some((p) => String(p) === 'favicon');
  return hasFaviconCache;
}

/** The destination's icon (decoration: the title beside it names the link). */
export function LinkIcon({ url, size = 32 }: { url: string; size?: number }) {
  const [failed, setFailed] = useState(false);
  const src = faviconCache() && !failed ? faviconUrl(url, location.origin, size) : null;
  if (src !== null) {
    return <img class="link-icon" src={src} alt="" width={size} height={size} onError={() => setFailed(true)} />;
  }
  return (
    <span class={`link-icon letter c${colourIndexOf(url, COLOURS) + 1}`} aria-hidden="true" style={{ width: `${size}px`, height: `${size}px` }}>
      {letterOf(url)}
    </span>
  );
}
