/** The context menu's items on editable fields: declared with the others, and their clicks routed from the one listener. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { fieldMenuClick, type FieldMenuDeps } from '../../../lib/background/menus/field-menus';
import { FIELD_LINKS_MENU, menuItems, PASTE_MENU } from '../../../lib/background/menus/menu-items';
import { SETTINGS_DEFAULTS } from '../../../lib/storage/keys';
import { useCatalogue } from '../fixtures/catalogue';

beforeEach(() => {
  fakeBrowser.reset();
  useCatalogue();
  vi.spyOn(fakeBrowser.notifications, 'create').mockResolvedValue('id' as never);
});

function deps() {
  return {
    shorten: vi.fn(),
    clipboard: { read: vi.fn(async () => 'https://example.com/a'), copy: vi.fn(async () => true) },
    getConnection: async () => ({ ...SETTINGS_DEFAULTS.connection, baseUrl: 'https://sho.rt/api', token: 't', workspaceId: 'w' }),
    hasAccess: vi.fn(async () => false),
    askAccess: vi.fn(async () => undefined),
    edit: vi.fn(async () => ({ status: 'no-field' as const })),
  } satisfies FieldMenuDeps;
}

describe('the editable field\'s menu items', () => {
  it('offers "Paste as short link" and "Shorten the links in this text box" on editable fields', () => {
    expect(menuItems().filter((item) => item.contexts.includes('editable'))).toEqual([
      { id: PASTE_MENU, title: 'Paste as short link', contexts: ['editable'] },
      { id: FIELD_LINKS_MENU, title: 'Shorten the links in this text box', contexts: ['editable'] },
    ]);
  });

  it('routes each click to its flow, in the frame of the click; any other item is not theirs', async () => {
    const paste = deps();
    const onError = vi.fn();
    expect(fieldMenuClick({ menuItemId: PASTE_MENU, frameId: 2 }, { id: 7 }, paste, onError)).toBe(true);
    await vi.waitFor(() => expect(paste.askAccess).toHaveBeenCalled());

    const links = deps();
    expect(fieldMenuClick({ menuItemId: FIELD_LINKS_MENU, frameId: 2 }, { id: 7 }, links, onError)).toBe(true);
    await vi.waitFor(() => expect(links.edit).toHaveBeenCalledWith({ tabId: 7, frameId: 2 }, { op: 'read', maxChars: 2 * 1024 * 1024 }));

    expect(fieldMenuClick({ menuItemId: 'shortlink-shorten-page' }, { id: 7 }, deps(), onError)).toBe(false);
    expect(onError).not.toHaveBeenCalled();
  });
});
