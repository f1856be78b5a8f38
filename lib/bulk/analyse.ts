/**
 * A text to its list, between frames: finding the URLs is one quick pass
 * (about 20 ms for 2 MB), but judging each found URL parses it, and a text
 * can hold a hundred thousand; so the judging runs in slices, yielding to
 * the page between them, and no task keeps the page busy long (the bulk
 * bench holds the page to no long task over 100 ms).
 */
import type { TextFormat } from '../batch/batch-types';
import { findUrls, type FoundUrl } from './find-urls';
import { createListBuilder, type PreparedList } from './prepare-list';

export interface Analysis {
  found: FoundUrl[];
  list: PreparedList;
}

/** How long one slice may run before the page gets the thread back. */
const SLICE_MS = 8;

export async function analyseText(
  text: string,
  format: TextFormat,
  ownHosts: readonly string[],
  yieldNow: () => Promise<void>,
  now: () => number = () => performance.now(),
): Promise<Analysis> {
  const found = findUrls(text, format);
  const builder = createListBuilder(ownHosts);
  let sliceStart = now();
  for (let i = 0; i < found.length; i += 100) {
    builder.add(found.slice(i, i + 100));
    if (now() - sliceStart > SLICE_MS) {
      await yieldNow();
      sliceStart = now();
    }
  }
  return { found, list: builder.result() };
}
