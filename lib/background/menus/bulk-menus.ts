/**
 * The context menu's ways into the bulk page: "Shorten many links…" on the
 * toolbar button, and "Shorten links in selection" on selected text, which
 * reads the selection's links (./selection-links.ts) and opens the page
 * with them. Made with the other shorten items, in one set (./menu-set.ts).
 */
import { t } from '../../i18n/catalogue';
import { openBulk } from '../../browser/open-bulk';
import type { MenuItem } from './menu-set';
import { selectionLinks } from './selection-links';

export const BULK_ACTION_MENU = 'shortlink-bulk-action';
export const BULK_SELECTION_MENU = 'shortlink-bulk-selection';

export function bulkItems(): MenuItem[] {
  return [
    { id: BULK_SELECTION_MENU, title: t('menusShortenLinksInSelection'), contexts: ['selection'] },
    { id: BULK_ACTION_MENU, title: t('menusShortenMany'), contexts: ['action'] },
  ];
}

/** The click, when it is one of these items; false for any other. */
export function bulkMenuClick(
  info: { menuItemId: string | number; frameId?: number; selectionText?: string },
  tab: { id?: number } | undefined,
  onError: (error: unknown) => void,
): boolean {
  if (info.menuItemId === BULK_ACTION_MENU) {
    openBulk().catch(onError);
    return true;
  }
  if (info.menuItemId === BULK_SELECTION_MENU) {
    selectionLinks({ tabId: tab?.id, frameId: info.frameId, selectionText: info.selectionText })
      .then((input) => openBulk(input))
      .catch(onError);
    return true;
  }
  return false;
}
