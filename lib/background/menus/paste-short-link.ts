/**
 * "Paste as short link", from the context menu of a field or its shortcut:
 * the clipboard's address is shortened as the menu's shorten items do (the
 * profile's cleaning and site rule, the offline queue and its idempotency
 * key: ./quick-shorten.ts's flow), and the short link is written at the
 * caret of the field as if typed (./field-edit.ts).
 *
 * The clipboard is read only here, when the user asks, under the optional
 * clipboardRead permission; without it the page that says why and asks for
 * it opens instead (lib/browser/clipboard-access.ts), and the user pastes
 * again once it is allowed. Anything but one http(s) address, or a
 * clipboard over the limit, is said in a notification and nothing is sent.
 * Offline, nothing is inserted: the link waits in the queue, which copies it
 * once made (the request asks it to) and says so. A field that refuses the
 * text (read-only, a page that blocks it, a frame of another site) is left as
 * it was; the link is copied and the notification says why.
 */
import { browser } from 'wxt/browser';
import { hasClipboardAccess, openClipboardAccess } from '../../browser/clipboard-access';
import { isUsableShortUrl, UNSAFE_SHORT_URL } from '../../contract/short-url';
import { t } from '../../i18n/catalogue';
import { describeError } from '../../i18n/describe-error';
import { urlProblemText } from '../../i18n/url-problem-text';
import type { ShortenAnswer } from '../../messaging/send-message';
import { CLIPBOARD_READ_LIMIT, clipboardUrl } from '../../menus/clipboard-url';
import { clipboardProblemText, fieldRefusalText, type FieldRefusal } from '../../menus/paste-text';
import type { ShortenRequest } from '../links/shorten';
import type { Clipboard, ClipboardReader } from '../clipboard';
import { linkMessage, notify } from '../notify';
import { focusedField, inField, type FieldAnswer, type FieldOp, type FieldPlace } from './field-edit';
import { problemText } from './quick-shorten';

export interface PasteDeps {
  shorten: (request: ShortenRequest) => Promise<ShortenAnswer>;
  clipboard: Clipboard & ClipboardReader;
  /** Replaced in tests: the permission, the page that asks for it, and the page's field. */
  hasAccess?: () => Promise<boolean>;
  askAccess?: () => Promise<void>;
  edit?: (place: FieldPlace, op: FieldOp) => Promise<FieldAnswer | null>;
  focused?: (tabId: number) => ReturnType<typeof focusedField>;
}

/** Where the link goes: a field found, or why there is none. */
type Where = { place: FieldPlace } | { missing: 'no-field' | 'unreachable' };

/** What became of a paste, for the caller's tests and its notification. */
export type PasteOutcome = 'asked-access' | 'no-field' | 'refused-clipboard' | 'not-made' | 'queued' | 'inserted' | 'copied';

/** The menu item on a field: the click names its frame. */
export function pasteFromMenu(tab: { id?: number } | undefined, frameId: number | undefined, deps: PasteDeps): Promise<PasteOutcome> {
  return paste(async () => (tab?.id === undefined ? { missing: 'unreachable' } : { place: { tabId: tab.id, frameId: frameId ?? 0 } }), deps);
}

/** The shortcut: the field that has the focus in the active tab, in whichever frame. */
export function pasteFromShortcut(tab: { id?: number } | undefined, deps: PasteDeps): Promise<PasteOutcome> {
  return paste(async () => {
    const tabId = tab?.id ?? (await browser.tabs.query({ active: true, currentWindow: true }))[0]?.id;
    if (tabId === undefined) return { missing: 'no-field' };
    return (deps.focused ?? focusedField)(tabId);
  }, deps);
}

async function paste(locate: () => Promise<Where>, deps: PasteDeps): Promise<PasteOutcome> {
  const id = `shortlink-paste-${Date.now()}`;
  if (!(await (deps.hasAccess ?? hasClipboardAccess)())) {
    await (deps.askAccess ?? openClipboardAccess)();
    return 'asked-access';
  }
  const where = await locate();
  // No field to paste in (the shortcut pressed outside one): the clipboard is not even read.
  if ('missing' in where && where.missing === 'no-field') {
    await notify(id, 'pasteNothingTitle', t('pasteNoField'));
    return 'no-field';
  }
  const verdict = clipboardUrl(await deps.clipboard.read(CLIPBOARD_READ_LIMIT));
  if (!verdict.ok) {
    await notify(id, 'pasteNothingTitle', clipboardProblemText(verdict.problem));
    return 'refused-clipboard';
  }
  // Copied when a queued request is made later: the user pasted nothing, and will paste it then.
  const answer = await deps.shorten({ url: verdict.url, keywordType: 'HASH', copy: true, strict: true });
  if (answer.status === 'queued') {
    await notify(id, 'notifyContextQueuedTitle', t('pasteQueuedMessage', verdict.url));
    return 'queued';
  }
  if (answer.status !== 'done') {
    const why = answer.status === 'invalid-url' && answer.planned === true ? `${t('pastePlanInvalid', verdict.url)} ${urlProblemText(answer.problem)}` : problemText(answer);
    await notify(id, 'pasteNothingTitle', why);
    return 'not-made';
  }
  const { shortUrl, longUrl } = answer.link;
  // Written into the user's text: only a plain http(s) address (a link cached before the client checked them).
  if (!isUsableShortUrl(shortUrl)) {
    const text = describeError({ kind: 'invalid-response', code: UNSAFE_SHORT_URL, message: UNSAFE_SHORT_URL });
    await notify(id, 'pasteNothingTitle', `${text.what} ${text.todo}`);
    return 'not-made';
  }
  const written = 'place' in where ? await (deps.edit ?? inField)(where.place, { op: 'insert', link: shortUrl }) : null;
  if (written?.status === 'done') {
    // Set directly (the page refused it as typed text): the page's Undo may not take it back, so the user is told.
    if (written.how === 'set') await notify(id, 'pasteDoneTitle', `${linkMessage(shortUrl, longUrl, false)} ${t('pasteSetNote')}`);
    return 'inserted';
  }
  const copied = await deps.clipboard.copy(shortUrl);
  const said = [fieldRefusalText(refusalOf(written)), linkMessage(shortUrl, longUrl, copied), copied ? t('pastePasteYourself') : t('menusNotCopiedSuffix')];
  await notify(id, 'pasteCopiedTitle', said.join(' '));
  return 'copied';
}

function refusalOf(answer: FieldAnswer | null): FieldRefusal {
  if (answer?.status === 'refused') return answer.reason;
  if (answer?.status === 'no-field') return 'no-field';
  return 'unreachable';
}
