/**
 * The popup's help line: the keys of its own shortcut, of shorten-and-copy and of paste as short link,
 * as the browser reports them (browser.commands.getAll), so a key the user
 * changed or removed in the browser's shortcut settings is shown as it is.
 */
import { t } from '../i18n/catalogue';
import { PASTE_COMMAND, POPUP_COMMANDS, SHORTEN_COMMAND } from './commands';

export interface CommandKey {
  name?: string;
  /** '' (or absent) when no key is set. */
  shortcut?: string;
}

export function shortcutHelpText(commands: readonly CommandKey[]): string {
  const keyOf = (names: readonly string[]) =>
    commands.find((c) => c.name !== undefined && names.includes(c.name))?.shortcut || t('menusShortcutNotSet');
  return t('menusHelpLine', keyOf(POPUP_COMMANDS), keyOf([SHORTEN_COMMAND]), keyOf([PASTE_COMMAND]));
}
