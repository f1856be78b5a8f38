/** The manifest's keyboard commands (wxt.config.ts), by name. */

/** Shortens the current tab and copies its link with no UI (lib/background/menus/shortcut-command.ts). */
export const SHORTEN_COMMAND = 'shorten-and-copy';

/** Pastes the clipboard's address as a short link in the focused field (lib/background/menus/paste-short-link.ts). */
export const PASTE_COMMAND = 'paste-short-link';

/** The popup's own command: `_execute_action` in Chrome (MV3), `_execute_browser_action` in Firefox (MV2). */
export const POPUP_COMMANDS: readonly string[] = ['_execute_action', '_execute_browser_action'];
