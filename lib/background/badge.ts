/**
 * The toolbar badge shows how many links wait in the offline queue
 * (docs/design.md, Offline queue); the tooltip says the same in words.
 */
import { browser } from 'wxt/browser';
import { formatCount } from '../i18n/format';
import { t } from '../i18n/catalogue';

export async function showQueueSize(count: number): Promise<void> {
  // Both builds are MV3 (Firefox's too), so `action` exists in both.
  const a = browser.action;
  await Promise.all([
    a.setBadgeText({ text: count > 0 ? String(count) : '' }),
    a.setBadgeBackgroundColor({ color: '#b45309' }),
    a.setTitle({ title: count > 0 ? t('actionTitleWaiting', formatCount(count)) : t('actionTitle') }),
  ]);
}
