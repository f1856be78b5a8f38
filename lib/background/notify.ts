/** Notifications for work the user did not watch happen: queued links, context-menu links. */
import { browser } from 'wxt/browser';
import { t, type MessageKey } from '../i18n/catalogue';

export async function notify(id: string, title: MessageKey, message: string): Promise<void> {
  await browser.notifications.create(id, {
    type: 'basic',
    iconUrl: browser.runtime.getURL('/icon/128.png'),
    title: t(title),
    message,
  });
}

export function linkMessage(shortUrl: string, longUrl: string, copied: boolean): string {
  const text = t('notifyLinkMessage', shortUrl, longUrl);
  return copied ? `${text} ${t('notifyCopiedSuffix')}` : text;
}
