/**
 * Every item of the context menu, declared in one place: its id, its title
 * (read when made, in the browser's language) and where it appears, in the
 * order they show. ./menu-set.ts makes them once; ./context-menu.ts routes
 * every click from one listener. "Show stats" is made hidden and shown on
 * short links only once their patterns are known (./stats-menu.ts).
 */
import { t } from '../../i18n/catalogue';
import { SHORTEN_LINK_MENU, SHORTEN_PAGE_MENU, SHORTEN_SELECTION_MENU } from '../../menus/quick-target';
import type { MenuItem } from './menu-set';

export const BULK_ACTION_MENU = 'shortlink-bulk-action';
export const BULK_SELECTION_MENU = 'shortlink-bulk-selection';
/** On editable fields (./field-menus.ts). */
export const PASTE_MENU = 'shortlink-paste-short-link';
export const FIELD_LINKS_MENU = 'shortlink-field-links';
export const STATS_MENU_ID = 'shortlink-show-stats';

/** The items made together (./menu-set.ts), in the order they appear. */
export function menuItems(): MenuItem[] {
  return [
    { id: SHORTEN_LINK_MENU, title: t('contextMenuShorten'), contexts: ['link'] },
    // "page" applies only where no other context does: a link or a selection shows its own item instead.
    { id: SHORTEN_PAGE_MENU, title: t('menusShortenPage'), contexts: ['page'] },
    { id: SHORTEN_SELECTION_MENU, title: t('menusShortenSelection'), contexts: ['selection'] },
    { id: BULK_SELECTION_MENU, title: t('menusShortenLinksInSelection'), contexts: ['selection'] },
    // Chrome's `editable`, Firefox's too: inputs, textareas and contenteditable editors.
    { id: PASTE_MENU, title: t('menusPasteShortLink'), contexts: ['editable'] },
    { id: FIELD_LINKS_MENU, title: t('menusShortenFieldLinks'), contexts: ['editable'] },
    { id: BULK_ACTION_MENU, title: t('menusShortenMany'), contexts: ['action'] },
  ];
}

/** "Show stats", on links: its patterns follow the connection and the workspace's short domains. */
export function statsItem(): MenuItem {
  return { id: STATS_MENU_ID, title: t('contextMenuShowStats'), contexts: ['link'] };
}
