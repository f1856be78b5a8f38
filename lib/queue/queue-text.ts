/**
 * The options page's waiting queue in words: what each item does (from its
 * kind and payload, lib/queue/view.ts), when it was made and is tried next
 * (relative, in the user's language: lib/i18n/format.ts) and its
 * attempts. Why its last try failed comes worded from the background
 * (lib/queue/view.ts).
 */
import { trackingSubject } from '../conversions/subject';
import { formatCount, formatDateTime, formatRelative, uiLocale } from '../i18n/format';
import { t } from '../i18n/catalogue';
import type { QueueItemView, QueueWorkView } from '../messaging/send-message';

/** What the item does: "Shorten https://…", "Create tag "news"", "Record sale "renewal": $19.99". */
export function queueWorkText(work: QueueWorkView, locale = uiLocale()): string {
  switch (work.kind) {
    case 'create-link': {
      const tags = work.tags.join(', ');
      // The link exists; only its tags wait.
      if (work.shortUrl !== undefined) return t('queueWorkTagMade', work.shortUrl, tags, work.longUrl);
      const shorten = work.keyword === undefined ? t('queueWorkShorten', work.longUrl) : t('queueWorkShortenKeyword', work.longUrl, work.keyword);
      return tags === '' ? shorten : `${shorten} ${t('queueWorkAndTag', tags)}`;
    }
    case 'update-link': {
      // The short link, as the user knows it; its id only when this browser never saw it.
      const link = work.shortUrl ?? work.linkId;
      if (work.deleteLink) return t('queueWorkDeleteLink', link);
      return work.tags.length === 0 ? t('queueWorkClearTags', link) : t('queueWorkSetTags', link, work.tags.join(', '));
    }
    case 'create-tag':
      return t('queueWorkCreateTag', work.tag);
    case 'track-lead':
      return trackingSubject({ kind: 'track-lead', payload: work }, locale);
    case 'track-sale':
      return trackingSubject({ kind: 'track-sale', payload: work }, locale);
  }
}

export function queueMadeText(item: QueueItemView, now: number, locale = uiLocale()): string {
  return t('queueMade', formatRelative(item.createdAt, now, locale));
}

/** "Tried 4 times", "Tried once", "Not tried yet". */
export function queueAttemptsText(item: QueueItemView): string {
  if (item.attempts === 0) return t('queueTriedNever');
  if (item.attempts === 1) return t('queueTriedOnce');
  return t('queueTried', formatCount(item.attempts));
}

/** A page's address as a heading: its host and path, without the scheme, query or fragment ("news.example/today"). */
function hostAndPath(url: string): string {
  try {
    const parsed = new URL(url);
    const path = parsed.pathname === '/' ? '' : parsed.pathname;
    return `${parsed.host}${path}`;
  } catch {
    return url;
  }
}

/**
 * The item's heading: a link waiting to be made is named by its page (host
 * and path), not "Shorten https://…"; the full words (queueWorkText) follow
 * it. Every other kind of work is named by what it does.
 */
export function queueHeadingText(work: QueueWorkView, locale = uiLocale()): string {
  if (work.kind === 'create-link' && work.shortUrl === undefined) return hostAndPath(work.longUrl);
  return queueWorkText(work, locale);
}

/** When it is tried again: by itself (pending), or only when the user acts (failed, paused). */
export function queueNextTryText(item: QueueItemView, now: number, locale = uiLocale()): string {
  if (item.state === 'failed') return t('queueNextTryFailed');
  if (item.state === 'paused') return t('queueNextTryPaused');
  // Due (or within the second): the replay is on its way.
  if (item.nextAttemptAt === null || item.nextAttemptAt - now < 1000) return t('queueNextTryNow');
  return t('queueNextTry', formatRelative(item.nextAttemptAt, now, locale));
}

/** When the item was made, in full for the age's tooltip, in the catalogue's language. */
export function queueMadeTitle(item: QueueItemView): string {
  return formatDateTime(new Date(item.createdAt).toISOString());
}
