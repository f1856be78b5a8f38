/**
 * What the context menu's shorten items and the shorten-and-copy shortcut
 * would shorten, decided before anything is sent: which item was clicked,
 * which address it is about, and whether that address may be shortened at
 * all (lib/contract/url.ts's rules; `javascript:`, `data:`, `chrome:` pages and links
 * are refused here, with a code the notification words).
 */
import { checkDestinationUrl, type UrlProblem } from '../contract/url';
import { selectedUrl } from './selected-url';

export const SHORTEN_LINK_MENU = 'shortlink-shorten-link';
export const SHORTEN_PAGE_MENU = 'shortlink-shorten-page';
export const SHORTEN_SELECTION_MENU = 'shortlink-shorten-selection';

/** Why nothing is sent: the selection holds no address, the tab's address could not be read, or lib/contract/url.ts's rule. */
export type QuickProblem = 'selection-not-url' | 'no-address' | UrlProblem;

export type QuickTarget = { ok: true; url: string } | { ok: false; problem: QuickProblem };

/** The parts of a menu click this needs (browser.contextMenus.OnClickData). */
export interface MenuClick {
  menuItemId: string | number;
  linkUrl?: string;
  pageUrl?: string;
  selectionText?: string;
}

function judged(url: string | undefined): QuickTarget {
  if (url === undefined || url === '') return { ok: false, problem: 'no-address' };
  const verdict = checkDestinationUrl(url);
  return verdict.ok ? { ok: true, url: verdict.url } : { ok: false, problem: verdict.problem };
}

/** The target of a click on one of the shorten items; null for any other item (e.g. "Show stats"). */
export function menuTarget(click: MenuClick): QuickTarget | null {
  switch (click.menuItemId) {
    case SHORTEN_LINK_MENU:
      return judged(click.linkUrl);
    case SHORTEN_PAGE_MENU:
      // The top page's address, even when the click was in a frame: "this page" is the tab.
      return judged(click.pageUrl);
    case SHORTEN_SELECTION_MENU: {
      const url = selectedUrl(click.selectionText);
      return url === null ? { ok: false, problem: 'selection-not-url' } : judged(url);
    }
    default:
      return null;
  }
}

/** The shortcut's target: the active tab's address (readable thanks to activeTab, granted by the shortcut). */
export function tabTarget(tabUrl: string | undefined): QuickTarget {
  return judged(tabUrl);
}
