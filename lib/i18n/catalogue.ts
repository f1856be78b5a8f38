/**
 * Every user-visible string comes from `public/_locales/<lang>/messages.json`
 * (docs/design.md, UI standards). The key type is read from the English catalogue
 * at compile time only, so a misspelt key fails `tsc` and no JSON is bundled.
 */
import { browser } from '../browser/native-api';
import type catalogue from '../../public/_locales/en/messages.json';

export type MessageKey = keyof typeof catalogue;

/** The translated message; `$1`…`$9` in it are replaced by `subs`. */
export function t(key: MessageKey, ...subs: (string | number)[]): string {
  return browser.i18n.getMessage(key, subs.map(String));
}
