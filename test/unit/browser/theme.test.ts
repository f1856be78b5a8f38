import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { applyStoredTheme, applyTheme, applyThemeHint } from '../../../lib/browser/theme';
import { THEME_HINT_KEY } from '../../../lib/storage/keys';
import { setPreferences } from '../../../lib/storage/settings';

/** A document and localStorage enough for lib/browser/theme.ts (the unit tests run without a DOM). */
function page() {
  const dataset: Record<string, string> = {};
  const store = new Map<string, string>();
  globalThis.localStorage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
  } as Storage;
  return { doc: { documentElement: { dataset } } as unknown as Document, dataset, store };
}

describe('theme', () => {
  let p: ReturnType<typeof page>;
  beforeEach(() => {
    p = page();
  });

  it('no hint yet: the system theme', () => {
    applyThemeHint(p.doc);
    expect(p.dataset.theme).toBe('system');
  });

  it('the stored preference is applied and kept for the next page’s first paint', () => {
    applyTheme('dark', p.doc);
    expect(p.dataset.theme).toBe('dark');
    const next = { documentElement: { dataset: {} as Record<string, string> } } as unknown as Document;
    applyThemeHint(next);
    expect(next.documentElement.dataset.theme).toBe('dark');
  });

  it('anything else from storage is the system theme', () => {
    applyTheme('<pink>', p.doc);
    expect(p.dataset.theme).toBe('system');
    p.store.set(THEME_HINT_KEY, 'neon');
    applyThemeHint(p.doc);
    expect(p.dataset.theme).toBe('system');
  });

  it('a page that loads no settings reads the preference Options saved, and keeps it as the hint', async () => {
    fakeBrowser.reset();
    await applyStoredTheme(p.doc);
    expect(p.dataset.theme).toBe('system');
    await setPreferences({ theme: 'light' });
    await applyStoredTheme(p.doc);
    expect(p.dataset.theme).toBe('light');
    expect(p.store.get(THEME_HINT_KEY)).toBe('light');
  });
});
