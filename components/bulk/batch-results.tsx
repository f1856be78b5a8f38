import { ClipboardCopy, Download, FileText, ListOrdered, RotateCcw } from 'lucide-preact';
import type { BulkItemView, BulkModel } from '../../lib/bulk/controller';
import type { ResultRow } from '../../lib/bulk/export-list';
import { bulkReplacedText, bulkReplaceRefusedText, bulkStatusText } from '../../lib/bulk/bulk-text';
import { t } from '../../lib/i18n/catalogue';
import { formatCount } from '../../lib/i18n/format';
import { Button } from '../shared/button';
import { RowTable } from './row-table';

interface Props {
  model: BulkModel;
  onCopyAll: (rows: ResultRow[]) => void;
  onCsv: (rows: ResultRow[]) => void;
  onMarkdown: (rows: ResultRow[]) => void;
  onReplace: () => void;
  onCopyText: (text: string) => void;
  onRetry: () => void;
}

export function resultRows(items: readonly BulkItemView[]): ResultRow[] {
  const words = statusWords();
  return items.flatMap((item) =>
    item === undefined
      ? []
      : [{ url: item.longUrl ?? item.url, ...(item.title ? { title: item.title } : {}), shortUrl: item.shortUrl ?? null, status: item.error ? `${words[item.state]}: ${item.error}` : words[item.state] }],
  );
}

/** Each state's word, asked of the catalogue once per drawing rather than once per row. */
function statusWords(): Record<BulkItemView['state'], string> {
  return {
    waiting: bulkStatusText('waiting'),
    made: bulkStatusText('made'),
    reused: bulkStatusText('reused'),
    failed: bulkStatusText('failed'),
    cancelled: bulkStatusText('cancelled'),
  };
}

/** The batch's links: take them away (copy, CSV, Markdown, the text with them), see what failed and retry, and every row. */
export function BatchResults({ model, ...on }: Props) {
  const { items, replaced } = model;
  const failed = items.filter((item) => item?.state === 'failed');
  const words = statusWords();
  const failedWord = words.failed;
  // The destination the link points at: cleaned when cleaning changed it.
  const cells = (item: BulkItemView) => [
    <span class="url" title={item.longUrl ?? item.url}>
      {item.title ?? item.longUrl ?? item.url}
    </span>,
    item.shortUrl === undefined ? '' : <span class="url mono">{item.shortUrl}</span>,
    <span class={item.state === 'failed' ? 'error' : item.state === 'waiting' ? 'muted' : undefined}>{words[item.state]}</span>,
  ];
  const anyLink = items.some((item) => item?.shortUrl !== undefined);
  const rows = () => resultRows(items);
  return (
    <>
      <section aria-labelledby="bulk-results-heading" class="bulk-results">
        <h2 id="bulk-results-heading">{t('bulkResultsHeading')}</h2>
        <div class="row bulk-actions">
          <Button id="bulk-copy-all" icon={ClipboardCopy} disabled={!anyLink} onClick={() => on.onCopyAll(rows())}>
            {t('bulkCopyAll')}
          </Button>
          <Button id="bulk-csv" icon={Download} disabled={!anyLink} onClick={() => on.onCsv(rows())}>
            {t('bulkExportCsv')}
          </Button>
          <Button id="bulk-markdown" icon={ListOrdered} disabled={!anyLink} onClick={() => on.onMarkdown(rows())}>
            {t('bulkCopyMarkdown')}
          </Button>
          {model.batchText !== null && (
            <Button id="bulk-replace" icon={FileText} disabled={!anyLink || replaced === 'working'} onClick={on.onReplace}>
              {t('bulkReplace')}
            </Button>
          )}
        </div>
        {replaced === 'working' && <p role="status">{t('bulkReplaceWorking')}</p>}
        {replaced !== null && replaced !== 'working' && (
          <div class="field bulk-replaced">
            <label for="bulk-replaced-text">{t('bulkReplaceHeading')}</label>
            <textarea id="bulk-replaced-text" readOnly rows={8} value={replaced.text} aria-describedby="bulk-replaced-count" />
            <p id="bulk-replaced-count" class="field-message hint" role="status">
              {bulkReplacedText(replaced.count)}
            </p>
            {replaced.refused > 0 && <p class="field-message error" role="alert">{bulkReplaceRefusedText(replaced.refused)}</p>}
            <Button id="bulk-copy-text" icon={ClipboardCopy} onClick={() => on.onCopyText(replaced.text)}>
              {t('bulkCopyText')}
            </Button>
          </div>
        )}
      </section>
      {failed.length > 0 && (
        <section aria-labelledby="bulk-failed-heading" class="card bulk-failed">
          <h2 id="bulk-failed-heading">
            {t('bulkFailuresHeading')} ({formatCount(failed.length)})
          </h2>
          <ul class="plain" tabIndex={0} aria-label={t('bulkFailuresHeading')}>
            {failed.slice(0, 200).map((item) => (
              <li key={item.index}>
                <span class="url">{item.title ?? item.longUrl ?? item.url}</span>
                <br />
                <span class="error">{item.error ?? failedWord}</span>
              </li>
            ))}
          </ul>
          <Button id="bulk-retry" icon={RotateCcw} onClick={on.onRetry}>
            {t('bulkRetry')}
          </Button>
        </section>
      )}
      <RowTable
        label={t('bulkResultsHeading')}
        head={[t('bulkColDestination'), t('bulkColShortLink'), t('bulkColStatus')]}
        rows={items.filter((item) => item !== undefined)}
        cells={cells}
        class="bulk-result-table"
      />
    </>
  );
}
