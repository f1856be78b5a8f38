/**
 * "Shorten links in selection": the links of the part of the page the user
 * selected, read in the page itself with scripting.executeScript, which the
 * menu click allows under `activeTab` (no host permission, and nothing is
 * left in the page: the function runs once and returns). What it reads: the
 * `href` of every anchor the selection touches (and of the anchor it lies
 * in), with the anchor's text as its title, and the selection's text, where
 * the bulk page finds the URLs written out. A page the browser does not let
 * extensions script (its own pages, the store, a PDF viewer) gives only the
 * selected text the click carried.
 */
import { browser } from 'wxt/browser';
import type { BulkInput } from '../batch/bulk-input';

/** What the page gives back: plain data only (it crosses from the page to the extension). */
interface Read {
  entries: { url: string; title: string }[];
  text: string;
}

/**
 * Runs in the page, serialised by the browser: it may use nothing from this
 * module, only what the page has.
 */
function readSelection(): Read {
  const selection = document.getSelection();
  const entries: { url: string; title: string }[] = [];
  if (selection === null) return { entries, text: '' };
  const add = (el: Element) => {
    const href = (el as HTMLAnchorElement).href;
    // An SVG anchor's href is an object, not an address.
    if (typeof href === 'string' && href !== '') entries.push({ url: href, title: (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 300) });
  };
  for (let i = 0; i < selection.rangeCount; i += 1) {
    const range = selection.getRangeAt(i);
    const root = range.commonAncestorContainer;
    const scope = root.nodeType === 1 ? (root as Element) : root.parentElement;
    if (scope === null) continue;
    const around = scope.closest('a[href]');
    if (around !== null) add(around);
    for (const a of scope.querySelectorAll('a[href]')) if (range.intersectsNode(a)) add(a);
  }
  return { entries, text: selection.toString() };
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
    });
    const read = result?.result as Read | undefined;
    if (read === undefined || !Array.isArray(read.entries)) return fallback;
    return {
      source: 'selection',
      entries: read.entries.filter((e) => typeof e.url === 'string').map((e) => ({ url: e.url, ...(e.title ? { title: e.title } : {}) })),
      text: typeof read.text === 'string' ? read.text : '',
    };
  } catch {
    // Not scriptable: what the click carried is all there is.
    return fallback;
  }
}
