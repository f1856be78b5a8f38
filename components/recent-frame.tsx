import { t } from '../lib/i18n';

interface Props {
  onStats: (linkId: string) => void;
}

/**
 * The recent links, drawn by recent.html (entrypoints/recent/) in a frame.
 * The popup adds it once its result is on screen: the list's code loads only
 * then, and the popup's first load carries none of it, not even the loader a
 * dynamic import brings (0.5 KB gzip, measured). A row's Stats arrives as a
 * `stats` event on the frame element (detail: the link id), dispatched by
 * recent.html inside the click, so the popup opens the panel within the
 * user's gesture, for the tab it is about. No module is shared with that
 * page for it: a shared one would become a chunk of its own in this page's
 * first load.
 */
export function RecentFrame({ onStats }: Props) {
  // Preact listens for `on`-props by name: `onstats` is the frame's `stats` event (JSX types know only DOM events).
  const listeners = { onstats: (e: CustomEvent<string>) => onStats(e.detail) };
  return <iframe class="recent-frame" src="recent.html" title={t('recentLinks')} {...listeners} />;
}
