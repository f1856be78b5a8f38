/** The bulk page once Shorten is pressed: the batch's progress, the lines it could not use, and its results with their exports. */
import { browser } from 'wxt/browser';
import { downloadFile } from '../../lib/browser/download';
import type { BulkController, BulkModel } from '../../lib/bulk/controller';
import { linksText, markdownList, resultsCsv } from '../../lib/bulk/export-list';
import { t } from '../../lib/i18n/catalogue';
import { Skeleton } from '@/components/shared/skeleton';
import { BatchProgress } from './batch-progress';
import { BatchResults } from './batch-results';
import { ProblemLines } from './problem-lines';

interface Props {
  model: BulkModel;
  bulk: BulkController;
  /** Copies `text` and says `done` in the page's toast. */
  copy: (text: string, done: string) => void;
}

export function BatchView({ model, bulk, copy }: Props) {
  return model.batch === null ? (
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
}
