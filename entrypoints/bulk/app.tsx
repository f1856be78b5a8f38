/**
 * bulk.html: many links shortened at once. It draws the model of
 * lib/bulk/controller.ts (the text, its list, the batch) with the parts in
 * components/bulk/ and hands clicks back to it.
 */
import { Settings } from 'lucide-preact';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { BatchOptions } from '@/components/bulk/batch-options';
import { BatchProgress } from '@/components/bulk/batch-progress';
import { BatchResults } from '@/components/bulk/batch-results';
import { ListPreview } from '@/components/bulk/list-preview';
import { ProblemLines } from '@/components/bulk/problem-lines';
import { TextInput } from '@/components/bulk/text-input';
import { Button } from '@/components/shared/button';
import { EmptyState } from '@/components/shared/empty-state';
import { Skeleton } from '@/components/shared/skeleton';
import { Toast, useToast } from '@/components/shared/toast';
import { takeBulkInput } from '@/lib/batch/bulk-input';
import { bulkStatusItem } from '@/lib/batch/bulk-status';
import { downloadFile } from '@/lib/browser/download';
import { createBulkController, INITIAL_BULK } from '@/lib/bulk/controller';
import { linksText, markdownList, resultsCsv } from '@/lib/bulk/export-list';
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
      body = (
        <>
          <TextInput
            text={model.text}
            fileName={model.fileName}
            problem={model.problem}
            onText={(text) => bulk.setText(text)}
            onFile={(file) => void bulk.chooseFile(file)}
            onRefuse={(problem) => bulk.refuse(problem)}
          />
          {model.analysing && <p role="status">{t('bulkReading')}</p>}
          <BatchOptions
            model={model}
            onDomain={(d) => void bulk.chooseDomain(d)}
            onToggleTag={(name) => bulk.toggleTag(name)}
            onTypeTag={(name) => bulk.typeNewTag(name)}
            onAddTag={() => bulk.addNewTag()}
            onReloadTags={() => void bulk.reloadTags()}
            onFresh={(fresh) => bulk.setFresh(fresh)}
            onClean={(clean) => void bulk.setClean(clean)}
            onShorten={() => void bulk.shorten()}
            onShowRunning={() => void bulk.showRunning()}
          />
          {model.analysis !== null && (model.analysis.found.length > 0 || model.analysis.lines.length > 0) && (
            <ListPreview
              analysis={model.analysis}
              known={model.known}
              cleaned={model.cleaned}
              titles={model.titles}
              fresh={model.fresh}
              checking={model.knownCheck.state === 'checking'}
              onUse={(problem) => bulk.useFix(problem)}
            />
          )}
        </>
      );
      break;
    case 'batch':
      body =
        model.batch === null ? (
          <Skeleton height="120px" />
        ) : (
          <>
            <BatchProgress
              batch={model.batch}
              timeLeftMs={model.timeLeftMs}
              onCancel={() => void bulk.cancel()}
              onNewBatch={() => void bulk.newBatch()}
              onFixToken={() => void browser.runtime.openOptionsPage()}
            />
            {model.analysis !== null && model.analysis.list.refused.length + model.analysis.lines.length > 0 && (
              <section aria-labelledby="bulk-problems-after" class="bulk-list">
                <h2 id="bulk-problems-after" class="visually-hidden">
                  {t('bulkRefusedHeading')}
                </h2>
                <ProblemLines analysis={model.analysis} />
              </section>
            )}
            <BatchResults
              model={model}
              onCopyAll={(rows) => copy(linksText(rows), t('bulkCopiedLinks'))}
              onCsv={(rows) =>
                downloadFile(
                  document,
                  `${t('bulkCsvName')}.csv`,
                  'text/csv',
                  resultsCsv(rows, { url: t('bulkColDestination'), title: t('bulkColTitle'), shortUrl: t('bulkColShortLink'), status: t('bulkColStatus') }),
                )
              }
              onMarkdown={(rows) => copy(markdownList(rows), t('bulkCopiedMarkdown'))}
              onReplace={() => void bulk.replaceInText()}
              onCopyText={(text) => copy(text, t('bulkCopiedText'))}
              onRetry={() => void bulk.retry()}
            />
          </>
        );
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
