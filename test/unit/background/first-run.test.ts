/** The first run: the welcome page opens when the extension is installed, and only then. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { WELCOME_PAGE, wireFirstRun } from '../../../lib/background/first-run';

beforeEach(() => {
  fakeBrowser.reset();
});

describe('first run', () => {
  it('opens the welcome page on install, not on an update of the extension or of the browser', async () => {
    const create = vi.spyOn(fakeBrowser.tabs, 'create');
    wireFirstRun(vi.fn());
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'update', previousVersion: '0.0.9', temporary: false });
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'browser_update', temporary: false });
    expect(create).not.toHaveBeenCalled();
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'install', temporary: false });
    expect(create).toHaveBeenCalledExactlyOnceWith({ url: fakeBrowser.runtime.getURL(WELCOME_PAGE) });
  });
});
