import { useState } from 'preact/hooks';
import { t } from '../../lib/i18n/catalogue';
import type { LinkView } from '../../lib/messaging/send-message';
import { parseTagsInput, type ListRow } from '../../lib/popup/recent-list';
import { recentClicksText, recentDateText } from '../../lib/i18n/recent-list-text';
import { QrToggle } from './qr-toggle';

/** How a change to a row went: done, queued offline, or refused in words. */
export type RowOutcome = { ok: true; queued: boolean } | { ok: false; message: string };

interface Props {
  row: ListRow;
  /** Its position in the list, for element ids. */
  index: number;
  copied: boolean;
  onCopy: (row: ListRow) => void;
  onStats: (link: LinkView) => void;
  onTags: (row: ListRow, tags: string[]) => Promise<RowOutcome>;
  onDelete: (row: ListRow) => Promise<RowOutcome>;
}

type Mode = 'view' | 'edit' | 'confirm' | 'busy';

/**
 * One link of the recent list. Everything from the service (short link,
 * destination, title, tags) is rendered as text, never as markup or a link.
 */
export function RecentLinkRow({ row, index, copied, onCopy, onStats, onTags, onDelete }: Props) {
  const [mode, setMode] = useState<Mode>('view');
  const [draft, setDraft] = useState('');
  const [note, setNote] = useState<{ text: string; alert: boolean } | null>(null);
  const id = `recent-${index}`;

  async function run(change: () => Promise<RowOutcome>): Promise<void> {
    setMode('busy');
    setNote(null);
    const outcome = await change();
    setMode('view');
    if (!outcome.ok) setNote({ text: outcome.message, alert: true });
    else if (outcome.queued) setNote({ text: t('recentQueued'), alert: false });
  }

  return (
    <li aria-busy={mode === 'busy'}>
      <div class="row">
        <span class="url grow">{row.shortUrl}</span>
        <button type="button" onClick={() => onCopy(row)} aria-label={t('copyRecent', row.shortUrl)}>
          {copied ? t('copied') : t('copy')}
        </button>
        <button type="button" onClick={() => onStats(row)} aria-label={t('statsFor', row.shortUrl)}>
          {t('statsButton')}
        </button>
      </div>
      <div class="muted url" title={row.longUrl}>{row.title ?? row.longUrl}</div>
      <div class="muted meta">
        {row.clicks !== undefined && <span>{recentClicksText(row.clicks)}</span>}
        <time dateTime={row.createdDate}>{recentDateText(row.createdDate)}</time>
        {row.tags !== undefined && (row.tags.length === 0 ? <span>{t('recentTagsNone')}</span> : row.tags.map((tag) => <span class="tag" key={tag}>{tag}</span>))}
      </div>
      <div class="row actions">
        <QrToggle shortUrl={row.shortUrl} panelId={`${id}-qr`} />
        {row.tags !== undefined && (
          <button
            type="button"
            disabled={mode === 'busy'}
            aria-label={t('recentEditTagsFor', row.shortUrl)}
            onClick={() => {
              setDraft((row.tags ?? []).join(', '));
              setMode('edit');
            }}
          >
            {t('recentEditTags')}
          </button>
        )}
        <button type="button" disabled={mode === 'busy'} aria-label={t('recentDeleteFor', row.shortUrl)} onClick={() => setMode('confirm')}>
          {t('recentDelete')}
        </button>
      </div>
      {mode === 'edit' && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void run(() => onTags(row, parseTagsInput(draft)));
          }}
        >
          <label for={`${id}-tags`}>{t('recentTagsInput', row.shortUrl)}</label>
          <input id={`${id}-tags`} type="text" value={draft} autoFocus onInput={(e) => setDraft(e.currentTarget.value)} />
          <div class="row">
            <button type="submit" class="primary">{t('recentSaveTags')}</button>
            <button type="button" onClick={() => setMode('view')}>{t('recentCancel')}</button>
          </div>
        </form>
      )}
      {mode === 'confirm' && (
        <div role="group" aria-labelledby={`${id}-question`}>
          <p id={`${id}-question`}>{t('recentDeleteQuestion', row.shortUrl)}</p>
          <div class="row">
            <button type="button" class="primary" autoFocus onClick={() => void run(() => onDelete(row))}>
              {t('recentDeleteConfirm')}
            </button>
            <button type="button" onClick={() => setMode('view')}>{t('recentCancel')}</button>
          </div>
        </div>
      )}
      {mode === 'busy' && <p role="status">{t('recentWorking')}</p>}
      {note !== null && <p role={note.alert ? 'alert' : 'status'} class={note.alert ? 'warn' : 'muted'}>{note.text}</p>}
    </li>
  );
}
