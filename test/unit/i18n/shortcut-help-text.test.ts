/** The popup's help line names the keys the browser reports, whatever the user changed them to. */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { shortcutHelpText } from '../../../lib/menus/shortcut-help-text';
import { useCatalogue } from '../fixtures/catalogue';

const TAIL = "Change them in the browser's extension shortcut settings.";

beforeEach(() => {
  fakeBrowser.reset();
  useCatalogue();
});

describe('shortcutHelpText', () => {
  it.each([
    [
      'Chrome, as suggested',
      [
        { name: '_execute_action', shortcut: 'Alt+Shift+L' },
        { name: 'shorten-and-copy', shortcut: 'Alt+Shift+K', description: 'Shorten the current tab and copy the short link' },
        { name: 'paste-short-link', shortcut: 'Alt+Shift+V' },
      ],
      `Shortcuts: Alt+Shift+L opens this popup, Alt+Shift+K shortens the current tab and copies its short link, Alt+Shift+V pastes a copied link as a short link where you type. ${TAIL}`,
    ],
    [
      'Firefox, keys changed by the user',
      [
        { name: 'shorten-and-copy', shortcut: 'Ctrl+Alt+S' },
        { name: '_execute_browser_action', shortcut: 'Ctrl+Alt+P' },
        { name: 'paste-short-link', shortcut: 'Ctrl+Alt+V' },
      ],
      `Shortcuts: Ctrl+Alt+P opens this popup, Ctrl+Alt+S shortens the current tab and copies its short link, Ctrl+Alt+V pastes a copied link as a short link where you type. ${TAIL}`,
    ],
    [
      'a key removed',
      [
        { name: '_execute_action', shortcut: 'Alt+Shift+L' },
        { name: 'shorten-and-copy', shortcut: '' },
      ],
      `Shortcuts: Alt+Shift+L opens this popup, no key set shortens the current tab and copies its short link, no key set pastes a copied link as a short link where you type. ${TAIL}`,
    ],
    ['none reported', [], `Shortcuts: no key set opens this popup, no key set shortens the current tab and copies its short link, no key set pastes a copied link as a short link where you type. ${TAIL}`],
  ])('%s', (_case, commands, text) => {
    expect(shortcutHelpText(commands)).toBe(text);
  });
});
