/**
 * Whether the page the popup is about to shorten is itself broken, from
 * what its tab says of it: the HTTP status its document was served with
 * (Navigation Timing's `responseStatus`, which Chromium gives) or the
 * browser's own error page in its place. When the tab cannot say (Firefox
 * has no `responseStatus`; the popup opened as a tab of its own), the page
 * is asked over the network like any destination (check-destination.ts).
 */
import { judgeAnswer, type CheckOutcome } from './watch-outcome';

export type PageReading =
  /** The tab's document, where it is now and the status it came with (null: the browser does not say). */
  | { kind: 'document'; href: string; status: number | null }
  /** The browser shows its own error page: the site could not be reached. */
  | { kind: 'error-page' }
  /** Nothing could be read from the tab. */
  | { kind: 'unread' };

/** The states worth a warning before a link is made: visitors would land on nothing. */
export function warnsBeforeShortening(outcome: CheckOutcome): boolean {
  return outcome.state === 'gone' || outcome.state === 'failing' || outcome.state === 'looping';
}

const withoutHash = (href: string): string => href.split('#', 1)[0] ?? href;

/**
 * The page's outcome from its tab, or null when the tab does not tell and
 * the network must be asked. A document now at another address than `url`
 * (the tab moved on) tells nothing about `url`.
 */
export function pageOutcome(reading: PageReading, url: string): CheckOutcome | null {
  if (reading.kind === 'error-page') return { state: 'failing', reason: { kind: 'unreachable' } };
  if (reading.kind === 'unread' || reading.status === null || reading.status <= 0) return null;
  if (withoutHash(reading.href) !== withoutHash(url)) return null;
  let start: URL;
  try {
    start = new URL(url);
  } catch {
    return null;
  }
  return judgeAnswer(start, start, reading.status);
}
