/**
 * "Paste as short link": what the clipboard holds, judged before anything is
 * sent. It must hold one http(s) address and nothing else: white space around
 * it, and the quotes or brackets a copy from a sentence drags in, aside
 * (./selected-url.ts reads it as it reads a selection). No address, two, an
 * address inside a sentence, or an empty clipboard are each said in words and
 * nothing is inserted. The clipboard may hold megabytes: the reader returns at
 * most CLIPBOARD_READ_LIMIT characters and one more, so a text over the limit
 * is refused without being read whole. Counting the addresses uses the bulk
 * page's own finder (lib/text-links/find-urls.ts), not a second one.
 */
import { findUrls } from '../text-links/find-urls';
import { checkDestinationUrl, type UrlProblem } from '../contract/url';
import { selectedUrl } from './selected-url';

/** 64 KB of text: far more than any address (2,048 characters at most), and cheap to read and judge. */
export const CLIPBOARD_READ_LIMIT = 65_536;

export type ClipboardProblem =
  | 'clipboard-unreadable'
  | 'clipboard-empty'
  | 'clipboard-too-big'
  | 'clipboard-no-url'
  | 'clipboard-several-urls'
  | 'clipboard-not-only-url'
  | UrlProblem;

export type ClipboardUrl = { ok: true; url: string } | { ok: false; problem: ClipboardProblem };

/** `text`: what the reader returned (null when the clipboard could not be read), at most `limit` + 1 characters. */
export function clipboardUrl(text: string | null, limit = CLIPBOARD_READ_LIMIT): ClipboardUrl {
  if (text === null) return { ok: false, problem: 'clipboard-unreadable' };
  if (text.length > limit) return { ok: false, problem: 'clipboard-too-big' };
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, problem: 'clipboard-empty' };
  const one = selectedUrl(trimmed);
  if (one !== null) return judged(one);
  const found = findUrls(trimmed, 'text');
  if (found.length === 0) return { ok: false, problem: 'clipboard-no-url' };
  if (found.length > 1) return { ok: false, problem: 'clipboard-several-urls' };
  // One address of a kind that is never shortened (`javascript:`, `ftp://`), alone: its own reason.
  if (found[0]!.raw === trimmed) return judged(trimmed);
  return { ok: false, problem: 'clipboard-not-only-url' };
}

function judged(url: string): ClipboardUrl {
  const verdict = checkDestinationUrl(url);
  return verdict.ok ? { ok: true, url: verdict.url } : { ok: false, problem: verdict.problem };
}
