/**
 * The toolbar badge shows how many links wait in the offline queue
 * (DESIGN.md, Offline queue); the tooltip says the same in words.
 */
import { browser } from 'wxt/browser';
import { t } from '../i18n';

function action() {
  // MV3 has `action`; Firefox's MV2 build has `browserAction`.
  return browser.action ?? browser.browserAction;
}

export async function showQueueSize(count: number): Promise<void> {
  const a = action();
  await Promise.all([
    a.setBadgeText({ text: count > 0 ? String(count) : '' }),
    a.setBadgeBackgroundColor({ color: '#b45309' }),
    a.setTitle({ title: count > 0 ? t('actionTitleWaiting', count) : t('actionTitle') }),
  ]);
}
