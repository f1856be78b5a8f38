/**
 * The destination check's mark under the side panel's header: "Gone since
 * 3 Dec 2026: the page answers 404", or nothing when the link's page was
 * fine or never checked. Its own chunk, fetched after the first frame
 * (lazy-watch-mark.tsx), so the header costs the first load nothing.
 */
import { TriangleAlert } from 'lucide-preact';
import { useEffect, useState } from 'preact/hooks';
import { sendMessage } from '../../lib/messaging/send-message';
import { watchMarkText } from '../../lib/watch/watch-text';

export function WatchMark({ linkId }: { linkId: string }) {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setText(null);
    sendMessage('watchMarks', { linkIds: [linkId] })
      .then(([mark]) => {
        if (live) setText(mark === undefined ? null : watchMarkText(mark));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [linkId]);
  if (text === null) return null;
  return (
    <p class="link-watch">
      <TriangleAlert size={14} aria-hidden="true" />
      <span>{text}</span>
    </p>
  );
}
