/**
 * The pages' theme (system, light or dark): a `data-theme` attribute on
 * <html> that components/shared/theme.css reads. The preference lives in
 * storage.local, which answers asynchronously, after the first paint; so
 * every page that reads it also keeps a copy in localStorage (shared by the
 * extension's pages, read synchronously), and each page sets the attribute
 * from that copy before it renders anything.
 */
import type { Theme } from '../storage/settings';

export const THEME_HINT_KEY = 'shortlink:theme';

const isTheme = (value: unknown): value is Theme => value === 'system' || value === 'light' || value === 'dark';

/** Before the first render: the theme a page last applied. Without one, the system's. */
export function applyThemeHint(doc: Document = document): void {
  try {
    const hint = localStorage.getItem(THEME_HINT_KEY);
    doc.documentElement.dataset.theme = isTheme(hint) ? hint : 'system';
  } catch {
    // No localStorage: the system's theme until the preference is read.
  }
}

/** The stored preference (any value: it comes from storage): applied now and kept as the next first paint's hint. */
export function applyTheme(theme: unknown, doc: Document = document): void {
  const value = isTheme(theme) ? theme : 'system';
  doc.documentElement.dataset.theme = value;
  try {
    localStorage.setItem(THEME_HINT_KEY, value);
  } catch {
    // The next page paints with the system's theme first, then this one.
  }
}
