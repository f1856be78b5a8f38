/** lib/menus/shortcut-keys.ts: the shortcuts' keys as parts to draw. */
import { describe, expect, it } from 'vitest';
import { keyParts, shortcutKeys } from '../../../lib/menus/shortcut-keys';

describe('shortcut keys', () => {
  it('splits a combination into its keys', () => {
    expect(keyParts('Alt+Shift+L')).toEqual(['Alt', 'Shift', 'L']);
    expect(keyParts('Ctrl++')).toEqual(['Ctrl', '+']);
    expect(keyParts('⌥⇧L')).toEqual(['⌥', '⇧', 'L']);
    expect(keyParts('F7')).toEqual(['F7']);
  });

  it('an unset key is null', () => {
    expect(keyParts('')).toBeNull();
    expect(keyParts(undefined)).toBeNull();
  });

  it("finds the popup's command under either browser's name, shorten-and-copy and paste-short-link", () => {
    expect(
      shortcutKeys([
        { name: '_execute_action', shortcut: 'Alt+Shift+L' },
        { name: 'shorten-and-copy', shortcut: '' },
        { name: 'paste-short-link', shortcut: 'Alt+Shift+V' },
      ]),
    ).toEqual({ popup: ['Alt', 'Shift', 'L'], shorten: null, paste: ['Alt', 'Shift', 'V'] });
    expect(shortcutKeys([{ name: '_execute_browser_action', shortcut: 'Ctrl+Shift+U' }])).toEqual({ popup: ['Ctrl', 'Shift', 'U'], shorten: null, paste: null });
  });
});
