/**
 * bulk.html: many links shortened at once. It draws the model of
 * lib/bulk/controller.ts (the text, its list, the batch) with the parts in
 * components/bulk/ and hands clicks back to it.
 */
import { Settings } from 'lucide-preact';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { BatchView } from '@/components/bulk/batch-view';
import { ComposeView } from '@/components/bulk/compose-view';
import { Button } from '@/components/shared/button';
import { EmptyState } from '@/components/shared/empty-state';
import { Skeleton } from '@/components/shared/skeleton';
import { Toast, useToast } from '@/components/shared/toast';
import { takeBulkInput } from '@/lib/batch/bulk-input';
import { bulkStatusItem } from '@/lib/batch/bulk-status';
import { createBulkController, INITIAL_BULK } from '@/lib/bulk/controller';
import { t } from '@/lib/i18n/catalogue';
import { sendMessage } from '@/lib/messaging/send-message';
import { copyText } from '@/lib/browser/copy-text';

/** The page gets the thread back: the next task, after input and paint. */
const yieldNow = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export function App() {
  const [model, setModel] = useState(INITIAL_BULK);
  const toast = useToast();
  const bulk = useMemo(
    () =>
      createBulkController({
        send: sendMessage,
        onChange: setModel,
        takeInput: takeBulkInput,
        watchStatus: (cb) => bulkStatusItem.watch((status) => cb(status)),
        yieldNow,
        now: () => performance.now(),
      }),
    [],
  );
  useEffect(() => {
    void bulk.start();
    return () => bulk.dispose();
  }, []);

  const copy = (text: string, done: string) => {
    copyText(text).then(
      () => toast.show(done),
      () => toast.show(t('copyFailed')),
    );
  };

  let body;
  switch (model.view) {
    case 'loading':
      body = (
        <div aria-busy="true">
          <p role="status" class="visually-hidden">
            {t('loading')}
          </p>
          <Skeleton height="160px" />
        </div>
      );
      break;
    case 'not-configured':
      body = (
        <EmptyState title={t('notConfigured')} level={2}>
          <Button variant="primary" icon={Settings} onClick={() => void browser.runtime.openOptionsPage()}>
            {t('openSettings')}
          </Button>
        </EmptyState>
      );
      break;
    case 'compose':
      body = <ComposeView model={model} bulk={bulk} />;
      break;
    case 'batch':
      body = <BatchView model={model} bulk={bulk} copy={copy} />;
      break;
  }

  return (
    <div class="bulk-page">
      <header class="bulk-header">
        <img src="/icon/32.png" width={24} height={24} alt="" />
        <h1>{t('bulkTitle')}</h1>
      </header>
      <main>{body}</main>
      <Toast message={toast.message} />
    </div>
  );
}
