/**
 * The context menu's shorten items: "Shorten link address" on links,
 * "Shorten this page" on pages, "Shorten selected URL" on selections (shown
 * for every selection, answered with a notification when it holds no
 * address: lib/menus/selected-url.ts says why), and the bulk page's
 * (bulk-menus.ts). "Show stats" is made by stats-menu.ts. The items are made once (menu-set.ts); a click shortens
 * through quick-shorten.ts, since no page of ours is open to show the link.
 */
import { browser } from 'wxt/browser';
import { t } from '../../i18n/catalogue';
import { menuTarget, SHORTEN_LINK_MENU, SHORTEN_PAGE_MENU, SHORTEN_SELECTION_MENU } from '../../menus/quick-target';
import { bulkItems, bulkMenuClick } from './bulk-menus';
import { browserMenus, createMenuSet, type MenuItem, type MenusApi } from './menu-set';
import { quickShorten, type QuickShortenDeps } from './quick-shorten';

export interface ContextMenuDeps extends QuickShortenDeps {
  onError: (error: unknown) => void;
  /** Remakes the menus made elsewhere ("Show stats", stats-menu.ts) after a clean slate. */
  remakeOthers?: () => Promise<void>;
  /** The browser's menus; replaced in tests. */
  menus?: MenusApi;
}

/** In the order they appear. Titles are read when made, in the browser's language. */
export function shortenItems(): MenuItem[] {
  return [
    { id: SHORTEN_LINK_MENU, title: t('contextMenuShorten'), contexts: ['link'] },
    // "page" applies only where no other context does: a link or a selection shows its own item instead.
    { id: SHORTEN_PAGE_MENU, title: t('menusShortenPage'), contexts: ['page'] },
    { id: SHORTEN_SELECTION_MENU, title: t('menusShortenSelection'), contexts: ['selection'] },
  ];
}

/** Call synchronously in the background's `main`. */
export function wireContextMenu(deps: ContextMenuDeps): void {
  const menus = createMenuSet(deps.menus ?? browserMenus(), [...shortenItems(), ...bulkItems()], deps.remakeOthers ?? (async () => undefined));
  browser.runtime.onInstalled.addListener(() => {
    menus.rebuild().catch(deps.onError);
  });
  // A browser restart in Firefox, or an enable after a disable, brings no onInstalled and may have lost the items.
  menus.ensure().catch(deps.onError);
  browser.contextMenus.onClicked.addListener((info, tab) => {
    if (bulkMenuClick(info, tab, deps.onError)) return;
    const target = menuTarget(info);
    if (target === null) return;
    quickShorten(target, deps, { alwaysCopy: false, idPrefix: 'shortlink-menu' }).catch(deps.onError);
  });
}
