/**
 * The bulk page's reading of hostile text (test/unit/bulk/hostile-texts.ts:
 * `<a ` repeated, `[` repeated, `"` repeated, `http://` repeated, `((((`…)
 * at 64 KB and 2 MB, per format (HTML, Markdown, CSV, prose). Everything
 * here runs on the page's main thread, so what is timed is the longest task
 * the page would run: telling the text's format on a keystroke, each slice
 * of finding and judging its URLs between the page's yields (lib/bulk/analyse.ts),
 * and Replace in text's one pass. Total time is reported beside it.
 * Budget: for every text, the median over RUNS runs of its longest task ≤ 100 ms.
 * Exits 1 when missed.
 */
import type { TextFormat } from '../../lib/batch/batch-types';
import { analyseText } from '../../lib/bulk/analyse';
import { replaceUrls } from '../../lib/text-links/replace-in-text';
import { textFormat } from '../../lib/bulk/text-format';
import { HOSTILE_TEXTS, KB_64, MB_2, type HostileKind } from '../unit/bulk/hostile-texts';
import { ms, percentile } from './stats';

const BUDGET_MS = 100;
const RUNS = 7;

const KINDS: readonly HostileKind[] = ['HTML', 'Markdown', 'CSV', 'prose'];

interface Run {
  longest: number;
  total: number;
}

/** One reading as the page does it: the keystroke's format, the sliced analysis, the replacement. */
async function readOnce(text: string, format: TextFormat): Promise<Run> {
  const started = performance.now();
  let longest = 0;
  const task = (run: () => void) => {
    const at = performance.now();
    run();
    longest = Math.max(longest, performance.now() - at);
  };
  task(() => textFormat(text));
  let sliceStart = performance.now();
  const yieldNow = async () => {
    longest = Math.max(longest, performance.now() - sliceStart);
    await new Promise((resolve) => setImmediate(resolve));
    sliceStart = performance.now();
  };
  const { found, list } = await analyseText(text, format, [], yieldNow);
  longest = Math.max(longest, performance.now() - sliceStart);
  task(() => replaceUrls(text, found, list.keys, () => 'https://s.rt/1'));
  return { longest, total: performance.now() - started };
}

const rows: string[] = [];
let worst = 0;
for (const kind of KINDS) {
  for (const [sizeName, size] of [['64 KB', KB_64], ['2 MB', MB_2]] as const) {
    let kindWorst = 0;
    let kindTotal = 0;
    let worstName = '';
    for (const hostile of HOSTILE_TEXTS.filter((h) => h.kind === kind)) {
      const text = hostile.make(size);
      await readOnce(text, hostile.format);
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i += 1) runs.push(await readOnce(text, hostile.format));
      const longest = percentile(runs.map((r) => r.longest), 50);
      if (longest >= kindWorst) {
        kindWorst = longest;
        worstName = hostile.name;
      }
      kindTotal = Math.max(kindTotal, percentile(runs.map((r) => r.total), 50));
    }
    worst = Math.max(worst, kindWorst);
    rows.push(`| ${kind} | ${sizeName} | ${worstName} | ${ms(kindWorst)} | ${ms(kindTotal)} |`);
  }
}
const missed = worst > BUDGET_MS;

process.stdout.write(`## Hostile text on the bulk page

Texts built to make a careless scanner slow (test/unit/bulk/hostile-texts.ts),
read as the bulk page reads them: the format told on a keystroke, URLs found
and judged in slices between yields, then Replace in text. Main thread: the
median over ${RUNS} runs (after a warm-up) of the longest task, for the text of
each format and size whose longest task is longest; total: the slowest
median of a whole reading. Budget: longest task ≤ ${BUDGET_MS} ms.

| format | size | slowest text | main thread (longest task) | total |
|---|---|---|---:|---:|
${rows.join('\n')}

Slowest: ${ms(worst)}. Result: ${missed ? '**budget missed**' : 'within budget'}.
`);
process.exit(missed ? 1 : 0);
