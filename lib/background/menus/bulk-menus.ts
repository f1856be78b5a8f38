/**
 * The context menu's ways into the bulk page: "Shorten many links…" on the
 * toolbar button, and "Shorten links in selection" on selected text, which
 * reads the selection's links (./selection-links.ts) and opens the page
 * with them. The items are declared in ./menu-items.ts; their clicks come
 * here from the one listener (./context-menu.ts).
 */
import { openBulk } from '../../batch/open-bulk';
import { BULK_ACTION_MENU, BULK_SELECTION_MENU } from './menu-items';
import { selectionLinks } from './selection-links';

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
