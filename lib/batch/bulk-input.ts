/**
 * URLs handed to the bulk page by whoever opens it with them: the
 * selection's context menu (the background) and "Shorten all tabs in this
 * window" (the popup). Kept in session storage (gone when the browser
 * closes), read once by the page that opens, then forgotten.
 */
import { storage } from 'wxt/utils/storage';
import { BULK_INPUT_KEY } from '../storage/keys';

export interface BulkInput {
  source: 'tabs' | 'selection';
  /** As the source had them; the page judges each. `title`: a tab's title, an anchor's text. */
  entries: { url: string; title?: string }[];
  /** A selection's text: the URLs written in it are found by the page. */
  text?: string;
}

const inputItem = storage.defineItem<BulkInput | null>(BULK_INPUT_KEY, { fallback: null });

export async function leaveBulkInput(input: BulkInput): Promise<void> {
  await inputItem.setValue(input);
}

export async function takeBulkInput(): Promise<BulkInput | null> {
  const input = await inputItem.getValue();
  if (input !== null) await inputItem.removeValue();
  return input;
}
