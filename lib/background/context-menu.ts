/**
 * "Shorten link" on a link's context menu: shortens the link's URL (not the
 * page's), copies the short link if the user asked for copies, and says what
 * happened in a notification, since no page of ours is open to show it.
 */
import { browser } from 'wxt/browser';
import { describeError } from '../describe-error';
import { t } from '../i18n';
import { urlProblemText } from '../url-problem-text';
import type { ShortenAnswer, ShortenRequest } from '../messages';
import type { Clipboard } from './clipboard';
import { linkMessage, notify } from './notify';

export const MENU_ID = 'shortlink-shorten-link';

export interface ContextMenuDeps {
  shorten: (request: ShortenRequest) => Promise<ShortenAnswer>;
  clipboard: Clipboard;
  wantsCopy: () => Promise<boolean>;
  onError: (error: unknown) => void;
  /** Remakes the menus made elsewhere ("Show stats", stats-menu.ts) after the install-time clean slate. */
  remakeOthers?: () => Promise<void>;
}

/** Menus persist across restarts of the worker; they are (re)made on install and update only. */
export function createMenus(remakeOthers: () => Promise<void> = async () => undefined): void {
  browser.runtime.onInstalled.addListener(() => {
    browser.contextMenus
      .removeAll()
      .then(() => browser.contextMenus.create({ id: MENU_ID, title: t('contextMenuShorten'), contexts: ['link'] }))
      .then(remakeOthers)
      .catch(() => undefined);
  });
}

export async function shortenFromMenu(linkUrl: string, deps: ContextMenuDeps): Promise<void> {
  const answer = await deps.shorten({ url: linkUrl, keywordType: 'HASH' });
  const id = `shortlink-menu-${Date.now()}`;
  switch (answer.status) {
    case 'done': {
      const copied = (await deps.wantsCopy()) && (await deps.clipboard.copy(answer.link.shortUrl));
      await notify(id, 'notifyContextDoneTitle', linkMessage(answer.link.shortUrl, answer.link.longUrl, copied));
      return;
    }
    case 'queued':
      await notify(id, 'notifyContextQueuedTitle', t('queuedTitle'));
      return;
    case 'not-configured':
      await notify(id, 'notifyContextErrorTitle', t('notConfigured'));
      return;
    case 'invalid-url':
      await notify(id, 'notifyContextErrorTitle', urlProblemText(answer.problem));
      return;
    case 'keyword-taken':
      // Only a CUSTOM keyword can be taken; the menu always asks for HASH.
      await notify(id, 'notifyContextErrorTitle', t('keywordTakenNone'));
      return;
    case 'error': {
      const text = describeError(answer.error);
      await notify(id, 'notifyContextErrorTitle', `${text.what} ${text.todo}`);
      return;
    }
  }
}

/** Call synchronously in the background's `main`. */
export function wireContextMenu(deps: ContextMenuDeps): void {
  createMenus(deps.remakeOthers);
  browser.contextMenus.onClicked.addListener((info) => {
    if (info.menuItemId !== MENU_ID || typeof info.linkUrl !== 'string') return;
    shortenFromMenu(info.linkUrl, deps).catch(deps.onError);
  });
}
