/**
 * "Paste as short link" and "Shorten the links in this text box" in the
 * user's words: why the clipboard was not pasted (./clipboard-url.ts), and
 * why a field was left as it was (lib/background/menus/field-edit.ts).
 */
import { t } from '../i18n/catalogue';
import { formatCount } from '../i18n/format';
import { urlProblemText } from '../i18n/url-problem-text';
import { CLIPBOARD_READ_LIMIT, type ClipboardProblem } from './clipboard-url';

export function clipboardProblemText(problem: ClipboardProblem): string {
  switch (problem) {
    case 'clipboard-unreadable':
      return t('pasteClipboardUnreadable');
    case 'clipboard-empty':
      return t('pasteClipboardEmpty');
    case 'clipboard-too-big':
      return t('pasteClipboardTooBig', formatCount(CLIPBOARD_READ_LIMIT));
    case 'clipboard-no-url':
      return t('pasteClipboardNoUrl');
    case 'clipboard-several-urls':
      return t('pasteClipboardSeveralUrls');
    case 'clipboard-not-only-url':
      return t('pasteClipboardNotOnlyUrl');
    default:
      return urlProblemText(problem);
  }
}

/** Why a field was not written: the page said so (lib/background/menus/field-edit.ts), or it could not be reached at all. */
export type FieldRefusal = 'no-field' | 'read-only' | 'not-text' | 'blocked' | 'unreachable';

export function fieldRefusalText(refusal: FieldRefusal): string {
  switch (refusal) {
    case 'no-field':
      return t('pasteNoField');
    case 'read-only':
      return t('pasteFieldReadOnly');
    case 'not-text':
      return t('pasteFieldNotText');
    case 'blocked':
      return t('pasteFieldBlocked');
    case 'unreachable':
      return t('pasteFieldUnreachable');
  }
}
