/**
 * Chrome's offscreen document for the background's clipboard (see
 * lib/background/clipboard.ts): its copies, and the read "Paste as short
 * link" asks for. It answers only the background's messages and ignores the
 * pages', which reach it too.
 */
import { browser } from 'wxt/browser';
import { isOffscreenCopyMessage, isOffscreenReadMessage } from '@/lib/messaging/offscreen';

browser.runtime.onMessage.addListener((message: unknown, sender) => {
  if (sender.id !== browser.runtime.id) return undefined;
  const field = document.getElementById('clipboard') as HTMLTextAreaElement;
  if (isOffscreenCopyMessage(message)) {
    field.value = message.text;
    field.select();
    const copied = document.execCommand('copy');
    field.value = '';
    return Promise.resolve(copied);
  }
  if (isOffscreenReadMessage(message)) {
    // The document is never focused, so the Clipboard API refuses; a paste into the field works with clipboardRead.
    field.value = '';
    field.focus();
    const pasted = document.execCommand('paste');
    // Cut here: only what the background judges crosses, one character past the limit to say it was over.
    const text = pasted ? field.value.slice(0, message.limit + 1) : null;
    field.value = '';
    return Promise.resolve(text);
  }
  return undefined;
});
