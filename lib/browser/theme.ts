/**
 * The pages' theme (system, light or dark): a `data-theme` attribute on
 * <html> that components/shared/theme.css reads. The preference lives in
 * storage.local, which answers asynchronously, after the first paint; so
 * every page that reads it also keeps a copy in localStorage (shared by the
 * extension's pages, read synchronously), and each page sets the attribute
 * from that copy before it renders anything.
 */
import { browser } from './native-api';
import { localName, PREFERENCES_KEY, SETTINGS_DEFAULTS, THEME_HINT_KEY, THEMES, type Theme } from '../storage/keys';

const isTheme = (value: unknown): value is Theme => THEMES.includes(value as Theme);
/** No preference yet, or one this version does not know: the default (the system's). */
const orDefault = (value: unknown): Theme => (isTheme(value) ? value : SETTINGS_DEFAULTS.preferences.theme);

/** Before the first render: the theme a page last applied. Without one, the system's. */
export function applyThemeHint(doc: Document = document): void {
  try {
    doc.documentElement.dataset.theme = orDefault(localStorage.getItem(THEME_HINT_KEY));
  } catch {
    // No localStorage: the system's theme until the preference is read.
  }
}

/** The stored preference (any value: it comes from storage): applied now and kept as the next first paint's hint. */
export function applyTheme(theme: unknown, doc: Document = document): void {
  const value = orDefault(theme);
  doc.documentElement.dataset.theme = value;
  try {
    localStorage.setItem(THEME_HINT_KEY, value);
  } catch {
    // The next page paints with the system's theme first, then this one.
  }
}

/**
 * For a page that loads no settings otherwise (the side panel): the stored
 * preference in one storage.local read, without WXT's storage layer, applied.
 */
export async function applyStoredTheme(doc: Document = document): Promise<void> {
  const name = localName(PREFERENCES_KEY);
  const stored = (await browser.storage.local.get(name))[name] as { theme?: unknown } | undefined;
  applyTheme(stored?.theme, doc);
}
