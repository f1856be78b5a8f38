/**
 * "Shorten links in selection": the links of the part of the page the user
 * selected, read in the page itself with scripting.executeScript, which the
 * menu click allows under `activeTab` (no host permission, and nothing is
 * left in the page: the function runs once and returns). What it reads: the
 * `href` of every anchor the selection touches (and of the anchor it lies
 * in), with the anchor's text as its title, and the selection's text, where
 * the bulk page finds the URLs written out. A page the browser does not let
 * extensions script (its own pages, the store, a PDF viewer) gives only the
 * selected text the click carried. It stops at 1,001 distinct addresses and
 * 2 MB (READ_LIMITS) inside the page: one past what the bulk page takes, so
 * it still says the selection is too much.
 */
import { browser } from 'wxt/browser';
import type { BulkInput } from '../../batch/bulk-input';
import { MAX_BATCH_URLS, MAX_TEXT_BYTES } from '../../batch/limits';
import { MAX_URL_LENGTH } from '../../contract/url';

/** What the page gives back: plain data only (it crosses from the page to the extension). */
interface Read {
  entries: { url: string; title: string }[];
  text: string;
}

/**
 * What the page may send back, no more: the bulk page refuses more than
 * MAX_BATCH_URLS URLs and more than MAX_TEXT_BYTES of text, so one over each
 * is enough for it to say so, and a hostile page's selection of a million
 * anchors is cut in the page, before anything crosses.
 */
export interface ReadLimits {
  /** Distinct anchors' addresses. */
  urls: number;
  /** Characters of the addresses (one line each, as the bulk page lists them) and the text together. */
  chars: number;
  /** Characters of one address: one past the service's limit is refused as too long, not sent whole. */
  urlChars: number;
  /** Characters of one anchor's text, its title. */
  titleChars: number;
}

export const READ_LIMITS: ReadLimits = { urls: MAX_BATCH_URLS + 1, chars: MAX_TEXT_BYTES + 1, urlChars: MAX_URL_LENGTH + 1, titleChars: 300 };

/**
 * Runs in the page, serialised by the browser: it may use nothing from this
 * module, only what the page has and its argument. Exported for its tests.
 */
export function readSelection(limits: ReadLimits): Read {
  const selection = document.getSelection();
  const entries: { url: string; title: string }[] = [];
  if (selection === null) return { entries, text: '' };
  const seen = new Set<string>();
  let chars = 0;
  const full = () => entries.length >= limits.urls || chars >= limits.chars;
  const add = (el: Element) => {
    const href = (el as HTMLAnchorElement).href;
    // An SVG anchor's href is an object, not an address.
    if (typeof href !== 'string' || href === '' || seen.has(href)) return;
    seen.add(href);
    const url = href.slice(0, limits.urlChars);
    // A title is cut before its spaces are folded: an anchor may hold a whole page's text.
    const title = (el.textContent ?? '').slice(0, limits.titleChars * 4).replace(/\s+/g, ' ').trim().slice(0, limits.titleChars);
    // Counted as the bulk page joins them, a line each.
    chars += url.length + (entries.length > 0 ? 1 : 0);
    entries.push({ url, title });
  };
  for (let i = 0; i < selection.rangeCount && !full(); i += 1) {
    const range = selection.getRangeAt(i);
    const root = range.commonAncestorContainer;
    const scope = root.nodeType === 1 ? (root as Element) : root.parentElement;
    if (scope === null) continue;
    const around = scope.closest('a[href]');
    if (around !== null) add(around);
    for (const a of scope.querySelectorAll('a[href]')) {
      if (full()) break;
      if (range.intersectsNode(a)) add(a);
    }
  }
  // What is left of the budget: cut, the addresses and the text are still over the limit, and the bulk page says so.
  return { entries, text: selection.toString().slice(0, Math.max(0, limits.chars - chars)) };
}

export interface SelectionClick {
  tabId: number | undefined;
  frameId: number | undefined;
  /** The selected text as the menu click carried it (the browser cuts it after a few thousand characters). */
  selectionText: string | undefined;
}

export async function selectionLinks(click: SelectionClick): Promise<BulkInput> {
  const fallback: BulkInput = { source: 'selection', entries: [], text: click.selectionText ?? '' };
  if (click.tabId === undefined) return fallback;
  try {
    const [result] = await browser.scripting.executeScript({
      target: { tabId: click.tabId, frameIds: [click.frameId ?? 0] },
      func: readSelection,
      args: [READ_LIMITS],
    });
    const read = result?.result as Read | undefined;
    if (read === undefined || !Array.isArray(read.entries)) return fallback;
    return {
      source: 'selection',
      // The page's own copy of readSelection may not be the one sent (a page can redefine what it calls): the limits hold here too.
      entries: read.entries
        .slice(0, READ_LIMITS.urls)
        .filter((e) => typeof e.url === 'string')
        .map((e) => ({ url: e.url.slice(0, READ_LIMITS.urlChars), ...(typeof e.title === 'string' && e.title ? { title: e.title.slice(0, READ_LIMITS.titleChars) } : {}) })),
      text: typeof read.text === 'string' ? read.text.slice(0, READ_LIMITS.chars) : '',
    };
  } catch {
    // Not scriptable: what the click carried is all there is.
    return fallback;
  }
}
