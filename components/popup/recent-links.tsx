/**
 * The popup's recent links: the workspace's links from the service, newest
 * first, a page at a time as the user scrolls, filtered by text and tag.
 * Drawn by recent.html, which the popup frames once its result is shown
 * (entrypoints/popup/app.tsx), so none of this is in the popup's first
 * load. State steps live in lib/popup/recent-list.ts.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { t } from '../../lib/i18n/catalogue';
import type { AnswerOf, LinkView, Send } from '../../lib/messaging/send-message';
import {
  cacheArrived,
  cursorToAsk,
  fromCache,
  NO_FILTER,
  pageAnswered,
  pageAsked,
  retried,
  rowDeleted,
  tagsChanged,
  visibleRows,
  type ListFilter,
  type ListRow,
  type RecentListState,
} from '../../lib/popup/recent-list';
import { changeErrorText } from '../../lib/i18n/recent-list-text';
import { ErrorNotice } from '../shared/error-notice';
import { RecentFilter } from './recent-filter';
import { RecentLinkRow, type RowOutcome } from './recent-link-row';

export interface RecentLinksProps {
  send: Send;
  onStats: (link: LinkView) => void;
  onOpenSettings: () => void;
}

/** Cached links shown while the service's first page is on its way. */
const CACHED_SHOWN = 20;

const INTERNAL = { status: 'error', error: { kind: 'internal', message: '' } } as const;

function outcomeOf(answer: AnswerOf<'deleteLink'>): RowOutcome {
  if (answer.status === 'done') return { ok: true, queued: false };
  if (answer.status === 'queued') return { ok: true, queued: true };
  return { ok: false, message: changeErrorText(answer.status === 'error' ? answer.error : 'not-configured') };
}

export function RecentLinks({ send, onStats, onOpenSettings }: RecentLinksProps) {
  const [list, setList] = useState(() => fromCache([]));
  // The latest state for answers that arrive after other changes.
  const current = useRef(list);
  const update = (step: (state: RecentListState) => RecentListState) => {
    current.current = step(current.current);
    setList(current.current);
  };
  const [filter, setFilter] = useState<ListFilter>(NO_FILTER);
  const [workspaceTags, setWorkspaceTags] = useState<string[]>([]);
  const [copiedId, setCopiedId] = useState<string | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const end = useRef<HTMLDivElement>(null);

  async function loadNext(): Promise<void> {
    const cursor = cursorToAsk(current.current);
    if (cursor === null) return;
    update((s) => pageAsked(s, cursor));
    const answer = await send('linkList', { cursor }).catch(() => INTERNAL);
    update((s) => pageAnswered(s, cursor, answer));
  }

  useEffect(() => {
    // Asked together: the cache answers first (no network) and fills the list until the service's first page replaces it.
    void loadNext();
    void send('recentLinks', { limit: CACHED_SHOWN }).then((cached) => update((s) => cacheArrived(s, cached)), () => undefined);
    void send('listTags', {}).then(
      (answer) => answer.status === 'done' && setWorkspaceTags(answer.tags),
      // The filter still offers the tags of the links loaded.
      () => undefined,
    );
  }, []);

  // A new observer reports at once whether the end is in view, so one is made
  // after every page: pages keep coming while the end stays in view (a filter
  // that hides most rows), and stop once it is scrolled out of view.
  useEffect(() => {
    const target = end.current;
    if (target === null || cursorToAsk(list) === null) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && void loadNext(), {
      root: scroller.current,
      rootMargin: '0px 0px 120px 0px',
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [list.asking, list.nextCursor, list.error, list.source]);

  async function copy(row: ListRow): Promise<void> {
    try {
      await navigator.clipboard.writeText(row.shortUrl);
      setCopiedId(row.linkId);
    } catch {
      setCopiedId(null);
    }
  }

  async function changeTags(row: ListRow, tags: string[]): Promise<RowOutcome> {
    const answer = await send('setLinkTags', { linkId: row.linkId, tags }).catch(() => INTERNAL);
    if (answer.status === 'done' || answer.status === 'queued') {
      const kept = answer.status === 'done' && answer.tags !== undefined ? answer.tags : tags;
      update((s) => tagsChanged(s, row.linkId, kept));
    }
    return outcomeOf(answer);
  }

  async function remove(row: ListRow): Promise<RowOutcome> {
    const answer = await send('deleteLink', { linkId: row.linkId }).catch(() => INTERNAL);
    if (answer.status === 'done' || answer.status === 'queued') update((s) => rowDeleted(s, row.linkId, answer.status === 'done'));
    return outcomeOf(answer);
  }

  const rows = visibleRows(list, filter);
  const tags = [...new Set([...workspaceTags, ...list.rows.flatMap((r) => r.tags ?? [])])].sort((a, b) => a.localeCompare(b));

  return (
    <section class="recent" aria-labelledby="recent-heading">
      <h1 id="recent-heading">{t('recentLinks')}</h1>
      <RecentFilter filter={filter} tags={tags} onChange={setFilter} />
      <div class="recent-scroll" ref={scroller}>
        {rows.length > 0 ? (
          <ul class="plain">
            {rows.map((row, index) => (
              <RecentLinkRow
                key={row.linkId}
                row={row}
                index={index}
                copied={copiedId === row.linkId}
                onCopy={(r) => void copy(r)}
                onStats={onStats}
                onTags={changeTags}
                onDelete={remove}
              />
            ))}
          </ul>
        ) : (
          list.asking === null && <p class="muted">{list.rows.length === 0 ? t('noRecentLinks') : t('recentNoMatch')}</p>
        )}
        <div ref={end} class="recent-end">
          {list.asking !== null && <p role="status" aria-busy="true">{t('recentLoadingMore')}</p>}
        </div>
      </div>
      {list.error === 'not-configured' && <p role="alert">{t('notConfigured')}</p>}
      {list.error !== null && list.error !== 'not-configured' && (
        <>
          <ErrorNotice error={list.error} onRetry={() => (update(retried), void loadNext())} onOpenSettings={onOpenSettings} />
          {/* A malformed page changes nothing: the rows above are the ones shown before. */}
          {list.rows.length > 0 && <p class="muted">{t('recentListUnchanged')}</p>}
        </>
      )}
    </section>
  );
}
