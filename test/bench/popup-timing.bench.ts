/**
 * How long the popup takes to show (and copy) a short link, in Chromium with
 * the built extension against the real service (the e2e harness), measured
 * from the user's side: from the page's navigation start
 * (performance.timeOrigin) to the `shortlink:ready` mark the popup sets once
 * the link is on screen and copied (lib/popup/timing-marks.ts). The bench
 * waits for that mark through the DevTools protocol (./page-mark.ts), so
 * nothing of the bench's runs in the popup before it.
 *
 * Beside it, the floor no popup code can go under: an empty extension page
 * with the same shell (the popup's HTML and stylesheets, one empty module
 * script) loaded the same way, timed from its navigation start to `load`.
 * That page exists only in the bench's copy of the build
 * (`prepareExtension`), never in the extension users install. Budgets are
 * judged on the difference (popup minus empty page), the part our code adds.
 * Median of 20 after 2 warm-ups, the cases interleaved:
 * - cached: a page shortened before; the popup must not touch the network.
 *   Budget: difference ≤ 50 ms and 0 API requests (the recent list's
 *   reads, sent after the link is shown, aside).
 * - new: a page never shortened. Budget: difference ≤ one service round trip
 *   + 50 ms, the round trip being the median of 20 `POST /api/link` sent with
 *   fetch from the extension's service worker through the same proxy.
 * It first waits for a quiet machine and watches the other processes through
 * the run (./machine-watch.ts): on a busy machine the figures are printed as
 * "not judged" and it exits 3.
 * Prints a Markdown section; exits 1 when a budget is missed.
 */
import { TIMING_MARKS } from '../../lib/popup/timing-marks';
import type { Harness } from '../e2e/fixture';
import { requestsBesidesRecentList, startHarness } from '../e2e/fixture';
import { openWatched, waitForMark } from './page-mark';
import { addBlankPage, blankOpen } from './blank-page';
import { budgetResult, describeLoad, timingExitCode, waitForQuiet, watchMachine } from './machine-watch';

/** Nearest-rank percentile. */
function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

const ms = (value: number): string => `${value.toFixed(1)} ms`;

const SAMPLES = 20;
const WARMUP = 2;
const CACHED_BUDGET_MS = 50;
const NEW_SLACK_MS = 50;

interface Sample {
  /** From the page's navigation start (performance.timeOrigin). */
  document: number;
  /** From the `shortlink:start` mark, the popup's first statement. */
  code: number;
  /** The first script -> the background asked; asked -> answered; answered -> ready (NaN when not asked). */
  phases: [number, number, number];
  /** The first script -> the page's modules loaded and evaluated (main.tsx's first statement). */
  modules: number;
}

async function popupOpen(h: Harness, target: string): Promise<Sample> {
  const popup = await openWatched(h, `popup.html?url=${encodeURIComponent(target)}`);
  try {
    await waitForMark(popup, TIMING_MARKS.ready);
    return await popup.page.evaluate((names) => {
      // No named helpers in here: tsx would wrap them in a __name() the page lacks.
      const [start, main, asked, answered, ready] = [names.start, names.main, names.asked, names.answered, names.ready].map(
        (name) => performance.getEntriesByName(name)[0]?.startTime ?? Number.NaN,
      ) as [number, number, number, number, number];
      return {
        document: ready,
        code: ready - start,
        phases: [asked - start, answered - asked, ready - answered] as [number, number, number],
        modules: main - start,
      };
    }, TIMING_MARKS);
  } finally {
    await popup.page.close();
  }
}

async function serviceRoundTrips(h: Harness, count: number, site: string): Promise<number[]> {
  const worker = await h.worker();
  return worker.evaluate(
    async ({ api, token, workspaceId, count, site }) => {
      const times: number[] = [];
      for (let i = 0; i < count; i += 1) {
        // One request at a time after a pause, as a popup sends it: back to
        // back, the worker, the network stack and the service all stay hot.
        await new Promise((resolve) => setTimeout(resolve, 200));
        const start = performance.now();
        // The request lib/api/client.ts sends: same headers, no cookies.
        const res = await fetch(`${api}/link`, {
          method: 'POST',
          credentials: 'omit',
          headers: {
            accept: 'application/json',
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            'idempotency-key': crypto.randomUUID(),
          },
          body: JSON.stringify({ workspaceId, keywordType: 'HASH', longUrl: `${site}/rtt-${i}`, customDomain: null }),
        });
        await res.json();
        times.push(performance.now() - start);
        if (!res.ok) throw new Error(`POST /link answered ${res.status}`);
      }
      return times;
    },
    { api: h.apiBase, token: h.token, workspaceId: h.workspaceId, count, site },
  );
}

async function main(): Promise<void> {
  const h = await startHarness({ prepareExtension: (dir) => addBlankPage(dir, 'popup.html') });
  try {
    await h.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await h.connect();
    const site = h.site.url;
    const quiet = await waitForQuiet();
    const watch = watchMachine();

    for (let i = 0; i < WARMUP; i += 1) {
      await popupOpen(h, `${site}/warm-${i}`);
      await blankOpen(h, 'popup.html');
    }
    const rtt = await serviceRoundTrips(h, SAMPLES, site);

    // Interleaved (empty page, new link, cached link, then again), so a change
    // in the machine's load touches all three alike and the difference holds.
    const cachedUrl = `${site}/cached`;
    await popupOpen(h, cachedUrl);
    const blank: number[] = [];
    const fresh: Sample[] = [];
    const cached: Sample[] = [];
    let cachedRequests = 0;
    for (let i = 0; i < SAMPLES; i += 1) {
      blank.push(await blankOpen(h, 'popup.html'));
      fresh.push(await popupOpen(h, `${site}/new-${i}`));
      h.resetRequests();
      cached.push(await popupOpen(h, cachedUrl));
      // The recent list's reads, sent once the link is shown, belong to the list, not to showing the link.
      cachedRequests += requestsBesidesRecentList(h).length;
    }

    const rttMedian = percentile(rtt, 50);
    const blankMedian = percentile(blank, 50);
    const newBudget = rttMedian + NEW_SLACK_MS;
    const code = (samples: Sample[]) => samples.map((s) => s.code);
    const doc = (samples: Sample[]) => samples.map((s) => s.document);
    const cachedDiff = percentile(doc(cached), 50) - blankMedian;
    const newDiff = percentile(doc(fresh), 50) - blankMedian;
    const cachedOk = cachedDiff <= CACHED_BUDGET_MS && cachedRequests === 0;
    const newOk = newDiff <= newBudget;
    const load = watch.stop();
    const cell = (values: number[]) => `${ms(percentile(values, 50))} (p90 ${ms(percentile(values, 90))})`;
    const os = await import('node:os');

    process.stdout.write(
      [
        '## Popup timing',
        '',
        `Chromium (headless) with the built extension and the real service on loopback; each page opened as a tab ${SAMPLES} times after ${WARMUP} warm-ups, the three cases interleaved. Times run from the page's navigation start (\`performance.timeOrigin\`): for the popup to the \`shortlink:ready\` mark (link shown and copied), for the empty page (the popup's HTML and CSS with one empty module, added only to the bench's copy of the build) to \`load\`. Budgets apply to the difference of the medians. "From first statement" runs from the popup's first script on, the page's own part. 1-minute load average at the end: ${(os.loadavg()[0] ?? Number.NaN).toFixed(1)} on ${os.cpus().length} cores (the bench's own browser and service included).`,
        '',
        `${quiet.quiet ? `Started on a quiet machine after ${(quiet.waitedMs / 1000).toFixed(0)} s.` : 'The machine did not become quiet in two minutes.'} ${describeLoad(load)}`,
        '',
        '| Case | From navigation start: median (p90) | Difference to empty page | From first statement: median (p90) | Budget (difference) | Result |',
        '|---|---|---|---|---|---|',
        `| Empty extension page (to \`load\`) | ${cell(blank)} | — | — | — | — |`,
        `| Service round trip (POST /api/link from the worker) | ${cell(rtt)} | — | — | — | — |`,
        `| Popup, new link | ${cell(doc(fresh))} | ${ms(newDiff)} | ${cell(code(fresh))} | ≤ round trip + ${NEW_SLACK_MS} ms = ${ms(newBudget)} | ${budgetResult(newOk, load)} |`,
        `| Popup, cached link | ${cell(doc(cached))} | ${ms(cachedDiff)} | ${cell(code(cached))} | ≤ ${CACHED_BUDGET_MS} ms, no request | ${budgetResult(cachedOk, load)} (${cachedRequests} API requests) |`,
        '',
        `New link, where the time goes (medians): navigation start to the popup's first statement ${ms(percentile(fresh.map((s) => s.document - s.code), 50))}; ` +
          `first statement to asking the background ${ms(percentile(fresh.map((s) => s.phases[0]), 50))}; ` +
          `the background's answer (message, shorten flow, the service) ${ms(percentile(fresh.map((s) => s.phases[1]), 50))}; ` +
          `answer to link shown and copied ${ms(percentile(fresh.map((s) => s.phases[2]), 50))}. ` +
          `Cached link: navigation start to the popup's first statement ${ms(percentile(cached.map((s) => s.document - s.code), 50))}; ` +
          `first statement to link shown and copied ${ms(percentile(code(cached), 50))}, of which waiting for the page's modules to load and run ${ms(percentile(cached.map((s) => s.modules), 50))}. ` +
          "The first statement is the popup's first script (entrypoints/popup-start.ts), which asks the first questions while the modules load.",
        '',
      ].join('\n'),
    );
    process.exitCode = timingExitCode(cachedOk && newOk, load);
  } finally {
    await h.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
