/**
 * Shortening with no page of ours open: the context menu's items and the
 * shorten-and-copy shortcut. The address was judged first (lib/menus/
 * quick-target.ts); a refused one is said in a notification and nothing is
 * sent. Otherwise the shared shorten flow runs (popup's, lib/background/links/shorten.ts), the
 * link is copied (always for the shortcut, whose whole point is the copy; per
 * the user's copy preference for the menu) and shown in a notification, or
 * the notification says it waits in the queue. With the destination check
 * on, a tab's own page that is itself broken is warned of instead, and no
 * link is made (the popup offers "Shorten anyway").
 */
import { describeError } from '../../i18n/describe-error';
import { t } from '../../i18n/catalogue';
import { uiLocale } from '../../i18n/format';
import type { ShortenAnswer } from '../../messaging/send-message';
import { quickProblemText } from '../../menus/quick-problem-text';
import type { QuickTarget } from '../../menus/quick-target';
import type { ShortenRequest } from '../links/shorten';
import { urlProblemText } from '../../i18n/url-problem-text';
import type { Clipboard } from '../clipboard';
import { linkMessage, notify } from '../notify';
import type { CheckOutcome } from '../../watch/watch-outcome';
import { watchReasonText, watchStateText } from '../../watch/watch-text';

export interface QuickShortenDeps {
  shorten: (request: ShortenRequest) => Promise<ShortenAnswer>;
  clipboard: Clipboard;
  /** The user's "copy the short link" preference. */
  wantsCopy: () => Promise<boolean>;
  /** With the destination check on: the page, with no link yet, is itself broken (../watch/page-problem.ts). */
  pageProblem?: (url: string, tabId: number | undefined) => Promise<CheckOutcome | null>;
}

export interface QuickShortenOptions {
  /** Copy whatever the preference says (the shortcut). */
  alwaysCopy: boolean;
  /** Notification ids start with it, so each source's notifications are told apart. */
  idPrefix: string;
  /** The address is the tab's own page ("Shorten this page", the shortcut): a broken one is warned of, nothing made. */
  page?: { tabId: number | undefined };
}

/** Why no link was made, in words. */
export function problemText(answer: Exclude<ShortenAnswer, { status: 'done' } | { status: 'queued' }>): string {
  switch (answer.status) {
    case 'not-configured':
      return t('notConfigured');
    case 'invalid-url':
      return urlProblemText(answer.problem);
    case 'keyword-taken':
      // Only a CUSTOM keyword can be taken; these paths always ask for HASH.
      return t('keywordTakenNone');
    case 'error': {
      const text = describeError(answer.error);
      return `${text.what} ${text.todo}`;
    }
  }
}

export async function quickShorten(target: QuickTarget, deps: QuickShortenDeps, opts: QuickShortenOptions): Promise<void> {
  const id = `${opts.idPrefix}-${Date.now()}`;
  if (!target.ok) {
    await notify(id, 'notifyContextErrorTitle', quickProblemText(target.problem));
    return;
  }
  if (opts.page !== undefined && deps.pageProblem !== undefined) {
    const problem = await deps.pageProblem(target.url, opts.page.tabId).catch(() => null);
    if (problem !== null) {
      await notify(id, 'popupPageProblemTitle', t('quickPageProblem', watchStateText(problem.state), watchReasonText(problem.reason)));
      return;
    }
  }
  const answer = await deps.shorten({ url: target.url, keywordType: 'HASH', ...(opts.alwaysCopy ? { copy: true } : {}) });
  if (answer.status === 'done') {
    const wanted = opts.alwaysCopy || (await deps.wantsCopy());
    const copied = wanted && (await deps.clipboard.copy(answer.link.shortUrl));
    const text = linkMessage(answer.link.shortUrl, answer.link.longUrl, copied);
    const said = [wanted && !copied ? `${text} ${t('menusNotCopiedSuffix')}` : text, ...planNotes(answer)];
    await notify(id, 'notifyContextDoneTitle', said.join(' '));
    return;
  }
  if (answer.status === 'queued') {
    await notify(id, 'notifyContextQueuedTitle', t('menusQueuedMessage', target.url));
    return;
  }
  await notify(id, 'notifyContextErrorTitle', problemText(answer));
}

/** What cleaning and the site rule did, as the popup's note says it (components/popup/link-note.tsx). */
export function planNotes(answer: Extract<ShortenAnswer, { status: 'done' }>): string[] {
  const notes: string[] = [];
  const { cleaned, rule } = answer;
  if (cleaned !== undefined) {
    if (cleaned.unwrappedFrom !== null) notes.push(t('cleanUnwrapped', cleaned.unwrappedFrom));
    if (cleaned.removed.length > 0) {
      const list = new Intl.ListFormat(uiLocale(), { type: 'conjunction' });
      notes.push(`${t('cleanRemoved', list.format(cleaned.removed))}.`);
    }
  }
  if (answer.cleanFailed) notes.push(t('cleanFailed'));
  if (rule !== undefined) notes.push(rule.template !== undefined ? t('ruleAppliedTemplate', rule.pattern, rule.template) : t('ruleApplied', rule.pattern));
  return notes;
}
