/**
 * The shortcuts' keys as the browser reports them (browser.commands.getAll),
 * split into the keys to press, so a page draws each as its own <kbd> and a
 * combination never breaks across lines ("Alt+ Shift+ L"). A key the user
 * removed in the browser's shortcut settings is null: the page says it is unset.
 */
import { PASTE_COMMAND, POPUP_COMMANDS, SHORTEN_COMMAND } from './commands';

export interface CommandSeen {
  name?: string;
  /** '' (or absent) when no key is set. */
  shortcut?: string;
}

export interface ShortcutKeys {
  /** Opens the popup. */
  popup: string[] | null;
  /** Shortens the current tab and copies its link. */
  shorten: string[] | null;
  /** Pastes the copied address as a short link where the user types. */
  paste: string[] | null;
}

// macOS writes modifiers as symbols with no separator: "⌥⇧L".
const MAC_MODIFIERS = /^[⌘⌥⇧⌃]+./u;

/** "Alt+Shift+L" → ["Alt", "Shift", "L"]; "Ctrl++" → ["Ctrl", "+"]; "⌥⇧L" → ["⌥", "⇧", "L"]; none → null. */
export function keyParts(shortcut: string | undefined): string[] | null {
  const text = (shortcut ?? '').trim();
  if (text === '') return null;
  if (!text.includes('+') && MAC_MODIFIERS.test(text)) return [...text];
  // A '+' that ends the text is the key itself, not a separator.
  return text.split(/\+(?=.)/u).map((part) => part.trim()).filter((part) => part !== '');
}

export function shortcutKeys(commands: readonly CommandSeen[]): ShortcutKeys {
  const keysOf = (names: readonly string[]) => keyParts(commands.find((c) => c.name !== undefined && names.includes(c.name))?.shortcut);
  return { popup: keysOf(POPUP_COMMANDS), shorten: keysOf([SHORTEN_COMMAND]), paste: keysOf([PASTE_COMMAND]) };
}
