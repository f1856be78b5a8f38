/**
 * The destination check's marks for the links a list shows: asked of the
 * background once per set of links, as words by link id. A link the check
 * found fine, or never checked, has none; an error leaves the list unmarked.
 */
import { useEffect, useState } from 'preact/hooks';
import type { Send } from '../../lib/messaging/send-message';
import { watchMarkText } from '../../lib/watch/watch-text';

/** The service's page size bounds the list's growth; the message takes at most 100 ids. */
const MAX_ASKED = 100;

export function useWatchMarks(send: Send, linkIds: readonly string[]): Readonly<Record<string, string>> {
  const [marks, setMarks] = useState<Readonly<Record<string, string>>>({});
  const key = linkIds.slice(0, MAX_ASKED).join(' ');
  useEffect(() => {
    if (key === '') return;
    let live = true;
    send('watchMarks', { linkIds: key.split(' ') })
      .then((found) => {
        if (live) setMarks(Object.fromEntries(found.map((m) => [m.linkId, watchMarkText(m)])));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [key]);
  return marks;
}
