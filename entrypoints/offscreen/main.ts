/**
 * Chrome's offscreen document for clipboard writes by the background (see
 * lib/background/clipboard.ts). It answers only the background's copy
 * message and ignores the pages' messages, which reach it too.
 */
import { browser } from 'wxt/browser';
import { isOffscreenCopyMessage } from '@/lib/messaging/offscreen';

browser.runtime.onMessage.addListener((message: unknown, sender) => {
  if (sender.id !== browser.runtime.id || !isOffscreenCopyMessage(message)) return undefined;
  const field = document.getElementById('clipboard') as HTMLTextAreaElement;
  field.value = message.text;
  field.select();
  const copied = document.execCommand('copy');
  field.value = '';
  return Promise.resolve(copied);
});
