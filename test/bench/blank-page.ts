/**
 * The floor no page code can go under: an empty extension page with the same
 * shell as a real one (its HTML and stylesheets, one empty module script),
 * opened as a tab the same way and timed from its navigation start to `load`,
 * and to its first frame painted (for a page whose mark is set once its
 * frame is painted, as the side panel's is: the same wait, rAF then a task).
 * The page exists only in the bench's copy of the build (the harness's
 * `prepareExtension`), never in the extension users install.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Harness } from '../e2e/fixture';
import { openWatched, waitInPage } from './page-mark';

/** Adds `bench-blank-<page>` beside `page` (e.g. `popup.html`): its shell, with one empty module instead of its scripts. */
export function addBlankPage(extensionDir: string, page: string): void {
  const shell = readFileSync(join(extensionDir, page), 'utf8');
  const script = `bench-blank-${page.replace(/\.html$/, '')}.js`;
  const blank = shell
    .replace(/<script\b[^>]*\bsrc="[^"]*"[^>]*><\/script>/g, '')
    .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/g, '')
    .replace('</head>', `<script type="module" src="/${script}"></script></head>`);
  writeFileSync(join(extensionDir, blankPageOf(page)), blank);
  // Its one module marks its first frame painted, the way components/shared/after-paint.ts does.
  writeFileSync(join(extensionDir, script), `requestAnimationFrame(() => setTimeout(() => performance.mark(${JSON.stringify(BLANK_PAINTED)})));\n`);
}

/** The empty page's mark: its first frame painted. */
export const BLANK_PAINTED = 'bench:blank:painted';

export const blankPageOf = (page: string): string => `bench-blank-${page}`;

/** Navigation start to the `load` event of the empty page made for `page`. */
export async function blankOpen(h: Harness, page: string): Promise<number> {
  // Opened as the pages it stands beside are (./page-mark.ts), with the same waits.
  const tab = await openWatched(h, blankPageOf(page));
  try {
    await waitInPage(tab, `(performance.getEntriesByType('navigation')[0]?.loadEventStart ?? 0) > 0`);
    return await tab.page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart);
  } finally {
    await tab.page.close();
  }
}

/** Navigation start to the empty page's `load`, and to its first frame painted. */
export async function blankOpenPainted(h: Harness, page: string): Promise<{ load: number; painted: number }> {
  const tab = await openWatched(h, blankPageOf(page));
  try {
    await waitInPage(tab, `(performance.getEntriesByType('navigation')[0]?.loadEventStart ?? 0) > 0 && performance.getEntriesByName(${JSON.stringify(BLANK_PAINTED)}).length > 0`);
    return await tab.page.evaluate((name) => ({
      load: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart,
      painted: performance.getEntriesByName(name)[0]?.startTime ?? Number.NaN,
    }), BLANK_PAINTED);
  } finally {
    await tab.page.close();
  }
}
