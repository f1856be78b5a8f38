/**
 * Copies text from an extension page. First through the page's own copy
 * event (`execCommand('copy')`, which the extension's clipboardWrite
 * permission allows without a click): the text is handed over in the call
 * itself. `navigator.clipboard.writeText` is a round trip to the browser,
 * 15-40 ms while the popup opens; it remains the fallback for a page where
 * the command is refused.
 */
/** The page's parts used here (a fake in tests). */
export interface CopyPage {
  doc: Pick<Document, 'addEventListener' | 'removeEventListener' | 'execCommand'>;
  clipboard: () => Pick<Clipboard, 'writeText'>;
}

const PAGE: CopyPage = { doc: globalThis.document, clipboard: () => navigator.clipboard };

export async function copyText(text: string, { doc, clipboard }: CopyPage = PAGE): Promise<boolean> {
  let handed = false;
  const onCopy = (event: ClipboardEvent) => {
    if (event.clipboardData === null) return;
    event.clipboardData.setData('text/plain', text);
    event.preventDefault();
    handed = true;
  };
  doc.addEventListener('copy', onCopy);
  try {
    if (doc.execCommand('copy') && handed) return true;
  } catch {
    // Refused: the Clipboard API below.
  } finally {
    doc.removeEventListener('copy', onCopy);
  }
  await clipboard().writeText(text);
  return true;
}
