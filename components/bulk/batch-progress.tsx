import { Plus, Square } from 'lucide-preact';
import type { BatchView } from '../../lib/bulk/controller';
import { bulkCountsText } from '../../lib/batch/bulk-counts-text';
import { bulkTimeLeftText } from '../../lib/bulk/bulk-text';
import { t } from '../../lib/i18n/catalogue';
import { formatCount } from '../../lib/i18n/format';
import { Banner } from '../shared/banner';
import { Button } from '../shared/button';

interface Props {
  batch: BatchView;
  timeLeftMs: number | null;
  onCancel: () => void;
  onNewBatch: () => void;
  /** Opens the options page, where a refused token is fixed. */
  onFixToken: () => void;
}

/** How far the batch got: a bar, the counts (made, reused, waiting, failed), the time left, and Cancel while it runs. */
export function BatchProgress({ batch, timeLeftMs, onCancel, onNewBatch, onFixToken }: Props) {
  const settled = batch.total - batch.counts.waiting;
  const counts = bulkCountsText(batch.counts);
  const summary =
    batch.state === 'running' ? t('bulkRunningSummary', counts) : batch.state === 'done' ? t('bulkDoneSummary', counts) : t('bulkCancelledSummary', counts);
  return (
    <section aria-labelledby="bulk-progress-heading" class="card bulk-progress" data-state={batch.state}>
      <h2 id="bulk-progress-heading" class="visually-hidden">
        {t('bulkProgressLabel')}
      </h2>
      {batch.state === 'running' && batch.pausedForToken === true && (
        <Banner tone="warn" action={{ label: t('bulkPausedFix'), onClick: onFixToken }}>
          <p id="bulk-paused">{t('bulkPausedForToken')}</p>
        </Banner>
      )}
      <progress id="bulk-bar" max={batch.total} value={settled} aria-label={t('bulkProgressLabel')} aria-valuetext={t('bulkProgressOf', formatCount(settled), formatCount(batch.total))} />
      <p id="bulk-counts" role="status">
        {summary}
      </p>
      <p class="muted">
        {t('bulkProgressOf', formatCount(settled), formatCount(batch.total))}
        {batch.state === 'running' && <span id="bulk-time-left"> · {bulkTimeLeftText(timeLeftMs)}</span>}
      </p>
      <div class="row">
        {batch.state === 'running' ? (
          <Button id="bulk-cancel" icon={Square} onClick={onCancel}>
            {t('bulkCancel')}
          </Button>
        ) : (
          <Button id="bulk-new" icon={Plus} onClick={onNewBatch}>
            {t('bulkNewBatch')}
          </Button>
        )}
      </div>
    </section>
  );
}
