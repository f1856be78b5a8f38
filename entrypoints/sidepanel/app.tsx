/**
 * The side panel lists the recently shortened links; each link's analytics
 * (drawn with Chart.js) arrive in a later change, so nothing here pretends to
 * show numbers it does not have.
 */
import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { LinkList } from '@/components/link-list';
import { t } from '@/lib/i18n';
import { sendMessage, type LinkView } from '@/lib/messages';

export function App() {
  const [links, setLinks] = useState<LinkView[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const load = () => {
      sendMessage('recentLinks', { limit: 20 }).then(setLinks, () => setFailed(true));
    };
    load();
    // A link made in the popup or from the context menu appears without a reload.
    const onChanged = (_changes: unknown, area: string) => {
      if (area === 'local') load();
    };
    browser.storage.onChanged.addListener(onChanged);
    return () => browser.storage.onChanged.removeListener(onChanged);
  }, []);

  return (
    <div class="panel">
      <h1>{t('sidepanelHeading')}</h1>
      {failed && <p role="alert" class="error">{t('errorInternal')}</p>}
      {links === null && !failed ? <p role="status">{t('loading')}</p> : <LinkList links={links ?? []} />}
    </div>
  );
}
