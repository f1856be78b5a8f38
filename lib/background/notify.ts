/** Notifications for work the user did not watch happen: queued links, context-menu links. */
import { browser } from 'wxt/browser';
import { t, type MessageKey } from '../i18n/catalogue';

/** `titleSubs` fill the title's `$1`…; the message is already in words. */
export async function notify(id: string, title: MessageKey, message: string, ...titleSubs: string[]): Promise<void> {
  await browser.notifications.create(id, {
    type: 'basic',
    iconUrl: browser.runtime.getURL('/icon/128.png'),
    title: t(title, ...titleSubs),
    message,
  });
}

export function linkMessage(shortUrl: string, longUrl: string, copied: boolean): string {
  const text = t('notifyLinkMessage', shortUrl, longUrl);
  return copied ? `${text} ${t('notifyCopiedSuffix')}` : text;
}
