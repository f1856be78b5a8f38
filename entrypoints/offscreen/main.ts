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
    // The text is taken from the paste event and the paste cancelled: megabytes are never laid out in the field.
    let text: string | null = null;
    const take = (event: ClipboardEvent) => {
      event.preventDefault();
      // Cut here: only what the background judges crosses, one character past the limit to say it was over.
      text = (event.clipboardData?.getData('text/plain') ?? '').slice(0, message.limit + 1);
    };
    field.value = '';
    field.addEventListener('paste', take);
    field.focus();
    const pasted = document.execCommand('paste');
    field.removeEventListener('paste', take);
    field.value = '';
    return Promise.resolve(pasted ? text : null);
  }
  return undefined;
});
