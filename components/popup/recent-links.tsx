/**
 * The popup's recent links, under its result in the same document: the
 * workspace's links from the service, newest first, a page at a time as the
 * popup is scrolled to the end, filtered by text and tag; the link the card
 * above shows is not repeated. Loaded once the
 * result is on screen (components/popup/lazy-parts.tsx). State steps live
 * in lib/popup/recent-list.ts.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { t } from '../../lib/i18n/catalogue';
import { errorStatusText } from '../../lib/popup/popup-status-text';
import type { AnswerOf, LinkView, Send } from '../../lib/messaging/send-message';
import type { CopyFlash } from '../../lib/popup/popup-view';
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
import { changeErrorText } from '../../lib/popup/recent-list-text';
import type { TagList } from '../../lib/tags/list';
import { Banner } from '../shared/banner';
import { RecentFilter } from './recent-filter';
import { RecentLinkRow, type RowOutcome } from './recent-link-row';
import { useWatchMarks } from './use-watch-marks';

export interface RecentLinksProps {
  send: Send;
  /** The cache's newest links, shown until the service's first page replaces them. */
  initial: readonly LinkView[];
  /** The link the popup's card shows: not repeated as a row under it. */
  shownId: string | null;
  /** A page's icon from the browser, or null (lib/popup/page-icon.ts). */
  iconUrl: (pageUrl: string) => string | null;
  /** What was copied last: "Copied" shows on that row only. */
  copied: CopyFlash | null;
  onCopy: (link: LinkView) => void;
  onStats: (link: LinkView) => void;
  serviceHost: string | null;
  /** The popup's banner already speaks for the service: the list keeps its own failure to itself. */
  quiet: boolean;
  /** Changed by the popup's Retry: a page that failed is asked for again. */
  retryKey: number;
  onOpenSettings: () => void;
  /** The pages' titles the service found, by link id: the popup names its own link's page with them when the browser did not. */
  onTitles: (titles: Readonly<Record<string, string>>) => void;
}

const byName = new Intl.Collator().compare;

/** Cached links shown while the service's first page is on its way. */
const CACHED_SHOWN = 20;

const INTERNAL = { status: 'error', error: { kind: 'internal', message: '' } } as const;

function outcomeOf(answer: AnswerOf<'deleteLink'>): RowOutcome {
  if (answer.status === 'done') return { ok: true, queued: false };
  if (answer.status === 'queued') return { ok: true, queued: true };
  return { ok: false, message: changeErrorText(answer.status === 'error' ? answer.error : 'not-configured') };
}

export function RecentLinks(props: RecentLinksProps) {
  const { send } = props;
  const [list, setList] = useState(() => fromCache(props.initial));
  // The latest state for answers that arrive after other changes.
  const current = useRef(list);
  const update = (step: (state: RecentListState) => RecentListState) => {
    current.current = step(current.current);
    setList(current.current);
  };
  const [filter, setFilter] = useState<ListFilter>(NO_FILTER);
  const [workspaceTags, setWorkspaceTags] = useState<TagList>({ state: 'loading' });
  const end = useRef<HTMLDivElement>(null);

  async function loadNext(): Promise<void> {
    const cursor = cursorToAsk(current.current);
    if (cursor === null) return;
    update((s) => pageAsked(s, cursor));
    const answer = await send('linkList', { cursor }).catch(() => INTERNAL);
    update((s) => pageAnswered(s, cursor, answer));
  }
  const again = () => {
    update(retried);
    void loadNext();
  };

  useEffect(() => {
    // Asked together: the cache answers first (no network) and fills the list until the service's first page replaces it.
    void loadNext();
    void send('recentLinks', { limit: CACHED_SHOWN }).then((cached) => update((s) => cacheArrived(s, cached)), () => undefined);
    void send('listTags', {}).then(
      (answer) => setWorkspaceTags(answer.status === 'done' ? { state: 'ready', names: answer.tags } : { state: 'ready', names: [] }),
      // The filter and the tag editor still offer the tags of the links loaded.
      () => setWorkspaceTags({ state: 'ready', names: [] }),
    );
  }, []);
  useEffect(() => {
    if (props.retryKey > 0 && current.current.error !== null) again();
  }, [props.retryKey]);
  useEffect(() => props.onTitles(Object.fromEntries(list.rows.flatMap((r) => (r.title ? [[r.linkId, r.title]] : [])))), [list.rows]);

  // A new observer reports at once whether the end is in view, so one is made
  // after every page: pages keep coming while the end stays in view (a filter
  // that hides most rows), and stop once it is scrolled out of view.
  useEffect(() => {
    const target = end.current;
    if (target === null || cursorToAsk(list) === null) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && void loadNext(), {
      rootMargin: '0px 0px 160px 0px',
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [list.asking, list.nextCursor, list.error, list.source]);

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

  const rows = visibleRows(list, filter, props.shownId);
  // Only the card's own link: none besides it, which "No links shortened yet" would deny.
  const emptyText = list.rows.length === 0 ? t('noRecentLinks') : visibleRows(list, NO_FILTER, props.shownId).length === 0 ? t('recentNoOthers') : t('recentNoMatch');
  // The filter offers the tags of the links loaded (the text search finds the others, and loads more pages
  // while it hides most rows): a workspace may hold a thousand tags, too many for one list of choices.
  const rowTags = useMemo(
    () => [...new Set([...list.rows.flatMap((r) => r.tags ?? []), ...(filter.tag === '' ? [] : [filter.tag])])].sort(byName),
    [list.rows, filter.tag],
  );
  // A row's tag editor finds any of the workspace's tags as it is typed (components/shared/chip-tag-picker.tsx).
  const tagList: TagList = useMemo(
    () => (workspaceTags.state === 'ready' ? { state: 'ready', names: [...new Set([...workspaceTags.names, ...rowTags])] } : { state: 'loading' }),
    [workspaceTags, rowTags],
  );
  const marks = useWatchMarks(send, rows.map((r) => r.linkId));
  const problem = list.error !== null && list.error !== 'not-configured' && !props.quiet ? errorStatusText(list.error, props.serviceHost, true, t('recentListUnchanged')) : null;

  return (
    <section class="recent" aria-labelledby="recent-heading">
      <h2 id="recent-heading">{t('recentLinks')}</h2>
      <RecentFilter filter={filter} tags={rowTags} onChange={setFilter} />
      {problem !== null && (
        <Banner tone={problem.tone} action={problem.action === 'settings' ? { label: t('openSettings'), onClick: props.onOpenSettings } : { label: t('popupRetry'), onClick: again }}>
          <p class="banner-title">{problem.title}</p>
          <p>{problem.detail}</p>
        </Banner>
      )}
      {rows.length > 0 ? (
        <ul class="recent-rows">
          {rows.map((row) => (
            <RecentLinkRow
              key={row.linkId}
              row={row}
              iconUrl={props.iconUrl(row.longUrl)}
              tags={tagList}
              copied={props.copied?.key === row.linkId ? props.copied.state : null}
              onCopy={props.onCopy}
              onStats={props.onStats}
              onTags={changeTags}
              onDelete={remove}
              watchMark={marks[row.linkId] ?? null}
            />
          ))}
        </ul>
      ) : (
        list.asking === null && <p class="muted recent-empty">{emptyText}</p>
      )}
      <div ref={end} class="recent-end">
        {list.asking !== null && (
          <p role="status" aria-busy="true" class="muted">
            {t('recentLoadingMore')}
          </p>
        )}
      </div>
    </section>
  );
}
