/**
 * A text to its list, between frames: a 2 MB text can hold tens of
 * thousands of URLs (finding them took 370 ms in one go, judging each parses
 * it), so both run a slice at a time, and the page gets the thread back
 * whenever a run of slices took SLICE_MS: no task keeps it busy long (the
 * bulk bench holds the page to no long task over 100 ms). Then the lines
 * that hold something link-like no URL was found in (./line-problems.ts),
 * the same way.
 */
import type { TextFormat } from '../batch/batch-types';
import { findUrlSlices, type FoundUrl } from '../text-links/find-urls';
import { lineProblemSlices, type LineProblem } from './line-problems';
import { createListBuilder, type PreparedList } from '../text-links/prepare-list';

export interface Analysis {
  found: FoundUrl[];
  list: PreparedList;
  /** Lines with a link-like word that is not a usable URL, by line. */
  lines: LineProblem[];
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
  const found: FoundUrl[] = [];
  const builder = createListBuilder(ownHosts);
  let sliceStart = now();
  for (const slice of findUrlSlices(text, format)) {
    for (let i = 0; i < slice.length; i += 100) {
      const part = slice.slice(i, i + 100);
      builder.add(part);
      found.push(...part);
      if (now() - sliceStart > SLICE_MS) {
        await yieldNow();
        sliceStart = now();
      }
    }
    if (now() - sliceStart > SLICE_MS) {
      await yieldNow();
      sliceStart = now();
    }
  }
  const lines: LineProblem[] = [];
  for (const slice of lineProblemSlices(text, format, found)) {
    lines.push(...slice);
    if (now() - sliceStart > SLICE_MS) {
      await yieldNow();
      sliceStart = now();
    }
  }
  return { found, list: builder.result(), lines };
}
