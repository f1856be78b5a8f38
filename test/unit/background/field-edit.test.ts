/**
 * Reaching the field in the page (lib/background/menus/field-edit.ts): the
 * frame the menu click names, or for the shortcut the frame whose field has
 * the focus; a page or frame the extension may not script is said to be out
 * of reach. The function run in the page is checked in real Chromium and
 * Firefox (test/e2e/paste.test.ts, paste-firefox.test.ts).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { fieldInPage, focusedField, inField } from '../../../lib/background/menus/field-edit';

type Run = (opts: { target: { tabId: number; frameIds?: number[]; allFrames?: boolean }; func: unknown; args: unknown[] }) => Promise<{ frameId?: number; result: unknown }[]>;

/** The fake browser has no scripting API: the pages' answers (or their refusal) are given here. */
function scripting(run: Run) {
  const api = { executeScript: vi.fn(run) };
  (fakeBrowser as unknown as { scripting: typeof api }).scripting = api;
  return api;
}

beforeEach(() => {
  fakeBrowser.reset();
});

describe('inField', () => {
  it('runs the page function in the frame of the click with the step asked for, and gives its answer', async () => {
    const api = scripting(async () => [{ frameId: 3, result: { status: 'done', how: 'typed' } }]);
    expect(await inField({ tabId: 7, frameId: 3 }, { op: 'insert', link: 'https://sho.rt/a' })).toEqual({ status: 'done', how: 'typed' });
    expect(api.executeScript).toHaveBeenCalledWith({ target: { tabId: 7, frameIds: [3] }, func: fieldInPage, args: [{ op: 'insert', link: 'https://sho.rt/a' }] });
  });

  it('a page that cannot be scripted, or an answer of no known shape, is out of reach (null)', async () => {
    scripting(async () => {
      throw new Error('Cannot access contents of the page');
    });
    expect(await inField({ tabId: 7, frameId: 0 }, { op: 'probe' })).toBeNull();
    scripting(async () => [{ result: 'hello' }]);
    expect(await inField({ tabId: 7, frameId: 0 }, { op: 'probe' })).toBeNull();
  });
});

describe('focusedField, for the shortcut', () => {
  it('finds the frame whose field has the focus', async () => {
    const api = scripting(async () => [
      { frameId: 0, result: { status: 'focus', focused: true, field: 'frame' } },
      { frameId: 4, result: { status: 'focus', focused: false, field: 'plain' } },
      { frameId: 5, result: { status: 'focus', focused: true, field: 'rich' } },
    ]);
    expect(await focusedField(7)).toEqual({ place: { tabId: 7, frameId: 5 } });
    expect(api.executeScript).toHaveBeenCalledWith({ target: { tabId: 7, allFrames: true }, func: fieldInPage, args: [{ op: 'probe' }] });
  });

  it('the focus in a frame that gave no answer (another site): out of reach; no field at all: none', async () => {
    scripting(async () => [{ frameId: 0, result: { status: 'focus', focused: true, field: 'frame' } }]);
    expect(await focusedField(7)).toEqual({ missing: 'unreachable' });
    scripting(async () => [{ frameId: 0, result: { status: 'focus', focused: true, field: 'none' } }]);
    expect(await focusedField(7)).toEqual({ missing: 'no-field' });
    scripting(async () => {
      throw new Error('Cannot access a chrome:// URL');
    });
    expect(await focusedField(7)).toEqual({ missing: 'unreachable' });
  });
});
