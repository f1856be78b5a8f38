import { ChartColumn, Check, Copy, Ellipsis, QrCode, Tag, Trash2, TriangleAlert } from 'lucide-preact';
import { useState } from 'preact/hooks';
import { t } from '../../lib/i18n/catalogue';
import type { LinkView } from '../../lib/messaging/send-message';
import { withoutScheme } from '../../lib/popup/address-text';
import type { CopyState } from '../../lib/popup/popup-view';
import { rowTags, type ListRow } from '../../lib/popup/recent-list';
import { recentClicksText, recentTagCountText } from '../../lib/popup/recent-list-text';
import type { TagList } from '../../lib/tags/list';
import { IconButton } from '../shared/icon-button';
import { MenuButton, type MenuItem } from '../shared/menu-button';
import { PageIcon } from './page-icon';
import { LazyQrPanel } from './lazy-qr-panel';
import { RowDeleteConfirm } from './row-delete-confirm';
import { RowTagEditor } from './row-tag-editor';

/** How a change to a row went: done, queued offline, or refused in words. */
export type RowOutcome = { ok: true; queued: boolean } | { ok: false; message: string };

interface Props {
  row: ListRow;
  iconUrl: string | null;
  /** The workspace's tags, for the tag editor. */
  tags: TagList;
  /** How copying this row went just now; null otherwise. */
  copied: CopyState | null;
  onCopy: (link: LinkView) => void;
  onStats: (link: LinkView) => void;
  onTags: (row: ListRow, tags: string[]) => Promise<RowOutcome>;
  onDelete: (row: ListRow) => Promise<RowOutcome>;
  /** What the destination check found wrong with the link's page, in words; null when nothing (lib/watch/watch-text.ts). */
  watchMark?: string | null;
}

type Mode = 'view' | 'qr' | 'edit' | 'confirm' | 'busy';

/**
 * One link of the recent list: its short link with its clicks apart at the
 * right, its page's title on a line of its own, and its tags under them (one
 * whole, or how many). Copy and Stats at hand, the rest (QR code, tags,
 * delete) in its menu.
 * Everything from the service (short link, destination, title, tags) is
 * rendered as text, never as markup or a link.
 */
export function RecentLinkRow({ row, iconUrl, tags, copied, onCopy, onStats, onTags, onDelete, watchMark = null }: Props) {
  const [mode, setMode] = useState<Mode>('view');
  const [note, setNote] = useState<{ text: string; alert: boolean } | null>(null);
  const id = `row-${row.linkId}`;
  const shownTags = rowTags(row.tags);

  async function run(change: () => Promise<RowOutcome>): Promise<void> {
    setMode('busy');
    setNote(null);
    const outcome = await change();
    setMode('view');
    if (!outcome.ok) setNote({ text: outcome.message, alert: true });
    else if (outcome.queued) setNote({ text: t('recentQueued'), alert: false });
  }

  const items: MenuItem[] = [
    { key: 'qr', label: mode === 'qr' ? t('qrHide') : t('qrShow'), icon: QrCode, onSelect: () => setMode(mode === 'qr' ? 'view' : 'qr') },
    ...(row.tags === undefined ? [] : [{ key: 'tags', label: t('recentEditTags'), icon: Tag, onSelect: () => setMode('edit') }]),
    { key: 'delete', label: t('recentDelete'), icon: Trash2, danger: true, onSelect: () => setMode('confirm') },
  ];
  return (
    <li class="recent-row" aria-busy={mode === 'busy'}>
      <div class="row-line">
        <PageIcon url={row.longUrl} iconUrl={iconUrl} size="small" />
        <div class="row-text">
          {/* The short link and, apart at the right, its clicks: the one figure of the row. */}
          <div class="row-head">
            <p class="row-short truncate" data-url={row.shortUrl} title={row.shortUrl}>
              {withoutScheme(row.shortUrl)}
            </p>
            {copied === 'copied' ? (
              <span class="row-meta ok">{t('copied')}</span>
            ) : (
              row.clicks !== undefined && <span class="row-meta row-clicks">{recentClicksText(row.clicks)}</span>
            )}
          </div>
          {/* The page's title (or its address) on a line of its own. */}
          <p class="row-title truncate" title={row.longUrl}>
            {row.title ?? withoutScheme(row.longUrl)}
          </p>
          {watchMark !== null && (
            <p class="row-watch">
              <TriangleAlert size={12} aria-hidden="true" />
              <span>{watchMark}</span>
            </p>
          )}
          {shownTags.kind !== 'none' && (
            <p class="row-tags" title={(row.tags ?? []).join(', ')}>
              <span class={shownTags.kind === 'one' ? 'tag' : 'tag tag-count'} aria-hidden="true">
                <Tag size={12} aria-hidden="true" />
                <span class="truncate">{shownTags.kind === 'one' ? shownTags.tag : recentTagCountText(shownTags.count)}</span>
              </span>
              <span class="visually-hidden">{t('recentTagsList', (row.tags ?? []).join(', '))}</span>
            </p>
          )}
        </div>
        <div class="row-actions">
          <IconButton icon={copied === 'copied' ? Check : Copy} label={t('copyRecent', row.shortUrl)} size="small" class={copied === 'copied' ? 'copied' : undefined} onClick={() => onCopy(row)} />
          <IconButton icon={ChartColumn} label={t('statsFor', row.shortUrl)} size="small" onClick={() => onStats(row)} />
          <MenuButton icon={Ellipsis} label={t('recentActionsFor', row.shortUrl)} size="small" items={items} />
        </div>
      </div>
      {mode === 'qr' && <LazyQrPanel.View id={`${id}-qr`} shortUrl={row.shortUrl} iconUrl={iconUrl} onClose={() => setMode('view')} />}
      {mode === 'edit' && (
        <RowTagEditor row={row} tags={tags} onSave={(next) => void run(() => onTags(row, next))} onCancel={() => setMode('view')} />
      )}
      {mode === 'confirm' && <RowDeleteConfirm id={id} shortUrl={row.shortUrl} onDelete={() => void run(() => onDelete(row))} onCancel={() => setMode('view')} />}
      {mode === 'busy' && (
        <p role="status" class="row-note muted">
          {t('recentWorking')}
        </p>
      )}
      {copied === 'failed' && (
        <p role="alert" class="row-note warn">
          {t('copyFailed')}
        </p>
      )}
      {note !== null && (
        <p role={note.alert ? 'alert' : 'status'} class={note.alert ? 'row-note error' : 'row-note muted'}>
          {note.text}
        </p>
      )}
    </li>
  );
}
