/**
 * The context menu's items on an editable field: "Paste as short link"
 * (./paste-short-link.ts) and "Shorten the links in this text box"
 * (./field-links-menu.ts). They are declared in ./menu-items.ts; their clicks
 * come here from the one listener (./context-menu.ts), which runs in the
 * click's frame (`frameId`): the field is in that frame.
 */
import { FIELD_LINKS_MENU, PASTE_MENU } from './menu-items';
import { shortenFieldLinks, type FieldLinksDeps } from './field-links-menu';
import { pasteFromMenu, type PasteDeps } from './paste-short-link';

export type FieldMenuDeps = PasteDeps & FieldLinksDeps;

/** The click, when it is one of these items; false for any other. */
export function fieldMenuClick(
  info: { menuItemId: string | number; frameId?: number },
  tab: { id?: number } | undefined,
  deps: FieldMenuDeps,
  onError: (error: unknown) => void,
): boolean {
  if (info.menuItemId === PASTE_MENU) {
    pasteFromMenu(tab, info.frameId, deps).catch(onError);
    return true;
  }
  if (info.menuItemId === FIELD_LINKS_MENU) {
    const place = tab?.id === undefined ? null : { tabId: tab.id, frameId: info.frameId ?? 0 };
    shortenFieldLinks(place, deps).catch(onError);
    return true;
  }
  return false;
}
