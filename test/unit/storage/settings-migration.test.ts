/**
 * A setting written by this version must be readable by the next: the next
 * version defines the same item with `version: SETTINGS_VERSION + 1` and a
 * step from today's shape. This plays that next version against a value the
 * current one wrote.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { storage } from 'wxt/utils/storage';
import { PREFERENCES_MIGRATIONS, SETTINGS_VERSION, setPreferences, type Preferences } from '../../../lib/storage/settings';
import { PREFERENCES_KEY, SETTINGS_DEFAULTS } from '../../../lib/storage/keys';

beforeEach(() => {
  fakeBrowser.reset();
});

/** What a next version might add: a preference with a default, and a stored field renamed. */
interface NextPreferences extends Omit<Preferences, 'notifyQueued'> {
  notifyWhenQueuedDone: boolean;
  openAnalyticsIn: 'sidepanel' | 'tab';
}

describe('preferences across versions', () => {
  it('records its version with the first write', async () => {
    await setPreferences({ autoShorten: false });
    expect(await fakeBrowser.storage.local.get('preferences$')).toEqual({ preferences$: { v: SETTINGS_VERSION } });
  });

  it("a value written by this version reads in the next one's shape", async () => {
    await setPreferences({ autoShorten: false, notifyQueued: false, defaultDomain: 'go.example' });

    const next = storage.defineItem<NextPreferences>(PREFERENCES_KEY, {
      fallback: { ...SETTINGS_DEFAULTS.preferences, notifyWhenQueuedDone: true, openAnalyticsIn: 'sidepanel' },
      version: SETTINGS_VERSION + 1,
      migrations: {
        ...PREFERENCES_MIGRATIONS,
        [SETTINGS_VERSION + 1]: ({ notifyQueued, ...rest }: Preferences): NextPreferences => ({
          ...rest,
          notifyWhenQueuedDone: notifyQueued,
          openAnalyticsIn: 'sidepanel',
        }),
      },
    });

    expect(await next.getValue()).toEqual({
      autoShorten: false,
      copyToClipboard: true,
      keywordType: 'HASH',
      defaultDomain: 'go.example',
      defaultTags: [],
      notifyWhenQueuedDone: false,
      openAnalyticsIn: 'sidepanel',
      theme: 'system',
      cleanLinks: true,
      samePageIgnoresCampaign: false,
    });
    expect(await fakeBrowser.storage.local.get('preferences$')).toEqual({ preferences$: { v: SETTINGS_VERSION + 1 } });
  });
});
