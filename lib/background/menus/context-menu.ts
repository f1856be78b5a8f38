/**
 * The context menu's shorten items: "Shorten link address" on links,
 * "Shorten this page" on pages, "Shorten selected URL" on selections (shown
 * for every selection, answered with a notification when it holds no
 * address: lib/menus/selected-url.ts says why), the bulk page's
 * (bulk-menus.ts), the editable field's "Paste as short link" and "Shorten
 * the links in this text box" (field-menus.ts) and "Show stats"
 * (stats-menu.ts), all declared in menu-items.ts and made once
 * (menu-set.ts). Every click comes to the one listener here; a shorten
 * item's shortens through quick-shorten.ts, since no page of ours is open to
 * show the link.
 */
import { browser } from 'wxt/browser';
import { menuTarget, SHORTEN_PAGE_MENU } from '../../menus/quick-target';
import { bulkMenuClick } from './bulk-menus';
import { fieldMenuClick, type FieldMenuDeps } from './field-menus';
import { menuItems } from './menu-items';
import { browserMenus, createMenuSet, type MenusApi } from './menu-set';
import type { StatsMenu } from './stats-menu';
import { quickShorten, type QuickShortenDeps } from './quick-shorten';

export interface ContextMenuDeps extends QuickShortenDeps {
  onError: (error: unknown) => void;
  /** The editable field's items: the clipboard they read, the connection whose host is refused. */
  fields: FieldMenuDeps;
  /** "Show stats": remade after a clean slate, and its clicks. */
  stats?: Pick<StatsMenu, 'refresh' | 'click'>;
  /** The browser's menus; replaced in tests. */
  menus?: MenusApi;
}

/** Call synchronously in the background's `main`. */
export function wireContextMenu(deps: ContextMenuDeps): void {
  const { stats } = deps;
  const menus = createMenuSet(deps.menus ?? browserMenus(), menuItems(), stats ? () => stats.refresh() : async () => undefined);
  browser.runtime.onInstalled.addListener(() => {
    menus.rebuild().catch(deps.onError);
  });
  // A browser restart in Firefox, or an enable after a disable, brings no onInstalled and may have lost the items.
  menus.ensure().catch(deps.onError);
  browser.contextMenus.onClicked.addListener((info, tab) => {
    if (bulkMenuClick(info, tab, deps.onError) || fieldMenuClick(info, tab, deps.fields, deps.onError) || stats?.click(info, tab) === true) return;
    const target = menuTarget(info);
    if (target === null) return;
    const page = info.menuItemId === SHORTEN_PAGE_MENU ? { page: { tabId: tab?.id } } : {};
    quickShorten(target, deps, { alwaysCopy: false, idPrefix: 'shortlink-menu', ...page }).catch(deps.onError);
  });
}
