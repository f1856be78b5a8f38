/**
 * Whether the destination watch is on, and whether the browser lets it reach
 * any site (the optional host permission the options page asks for when the
 * user turns it on). Off until the user turns it on.
 */
import { browser } from 'wxt/browser';
import { storage } from 'wxt/utils/storage';
import { WATCH_SETTING_KEY } from '../../storage/keys';
import { ANY_SITE_ORIGINS } from '../../browser/host-permission';

export const watchSettingItem = storage.defineItem<boolean>(WATCH_SETTING_KEY, { fallback: false });


export async function mayReachAnySite(): Promise<boolean> {
  try {
    return await browser.permissions.contains({ origins: ANY_SITE_ORIGINS });
  } catch {
    return false;
  }
}
