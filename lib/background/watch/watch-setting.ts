/**
 * Whether the destination watch is on, and whether the browser lets it reach
 * any site (the optional host permission the options page asks for when the
 * user turns it on). Off until the user turns it on.
 */
import { browser } from 'wxt/browser';
import { storage } from 'wxt/utils/storage';
import { WATCH_SETTING_KEY } from '../../storage/keys';

export const watchSettingItem = storage.defineItem<boolean>(WATCH_SETTING_KEY, { fallback: false });

/** Every site, as the manifest's optional_host_permissions lists them. */
export const ANY_SITE = ['http://*/*', 'https://*/*'];

export async function mayReachAnySite(): Promise<boolean> {
  try {
    return await browser.permissions.contains({ origins: ANY_SITE });
  } catch {
    return false;
  }
}
