/**
 * The destination check over many links: N links (default 1,000) to pages
 * spread over 50 host names of a local site (test/e2e/watch-site.ts), mapped
 * to the loopback by Chromium's host rules; the built extension in Chromium
 * against the real service, the check turned on in Settings as a user does,
 * and the clock run until Settings says the run finished. The run goes
 * through its short wake-ups and the alarms between them
 * (lib/watch/watch-run.ts, lib/background/watch/watch-wiring.ts), as it
 * would on a list too long for one.
 *
 * Budget (the destination watch's issue): the N links checked within
 * 5 minutes, and no host asked twice within a second (the site's own log;
 * 950 ms allowed for the loopback's jitter between the browser's timer and
 * the site's clock); no long task (50 ms or more, the browser's Long Tasks
 * API) on the pages open meanwhile: Settings, which shows the run's
 * progress, and a web page in another tab. Beside the run's time, its floor:
 * what the per-host limit alone allows (N / 50 requests per host, one a
 * second). WATCH_BENCH_LINKS changes N; WATCH_BENCH_CAP_S gives up after
 * (default 420).
 */
import type { Page } from 'playwright-core';
import { startHarness } from '../e2e/fixture';
import { OptionsPage } from '../e2e/pages/options-page';
import { startWatchSite, WATCH_DOMAIN } from '../e2e/watch-site';

const N = Number(process.env.WATCH_BENCH_LINKS ?? 1000);
const HOSTS = 50;
const BUDGET_MS = 5 * 60_000;
const CAP_MS = Number(process.env.WATCH_BENCH_CAP_S ?? 420) * 1000;
const GAP_MS = 950;

/** Notes every long task (50 ms or more) the page runs from now on. */
async function watchLongTasks(page: Page): Promise<void> {
  await page.evaluate(() => {
    const g = globalThis as unknown as { longTasksForBench: number[] };
    g.longTasksForBench = [];
    new PerformanceObserver((list) => g.longTasksForBench.push(...list.getEntries().map((e) => e.duration))).observe({ type: 'longtask' });
  });
}

async function longTasks(page: Page): Promise<number[]> {
  return page.evaluate(() => (globalThis as unknown as { longTasksForBench?: number[] }).longTasksForBench ?? []);
}

const site = await startWatchSite();
const h = await startHarness({ hostRules: [site.hostRule], grantOrigins: ['http://*/*', 'https://*/*'], createRateLimitPerMinute: 1_000_000 });
let exitCode = 0;
try {
  await h.connect();
  const hostOf = (i: number) => `site-${i % HOSTS}.${WATCH_DOMAIN}`;
  // Made straight at the service, 8 at a time: the bench measures the check, not the making.
  for (let start = 0; start < N; start += 8) {
    await Promise.all(
      Array.from({ length: Math.min(8, N - start) }, async (_, k) => {
        const i = start + k;
        const res = await fetch(`${h.service.url}/api/link`, {
          method: 'POST',
          headers: { authorization: `Bearer ${h.token}`, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
          body: JSON.stringify({ workspaceId: h.workspaceId, keywordType: 'HASH', longUrl: `http://${hostOf(i)}/page/${i}` }),
        });
        if (res.status !== 200) throw new Error(`POST /api/link: ${res.status} ${await res.text()}`);
      }),
    );
  }
  const { page } = await OptionsPage.open(h, 'watch');
  const web = await h.context.newPage();
  await web.goto(`http://${hostOf(0)}/reading`);
  // The page and its icon are the browser's requests, not the check's: the site's log starts after them.
  await web.waitForLoadState('networkidle');
  site.hits.clear();
  await Promise.all([page, web].map(watchLongTasks));
  const started = Date.now();
  await page.getByRole('switch', { name: "Check my links' destinations" }).click();
  await page.getByText(/^Last finished /).waitFor({ timeout: CAP_MS });
  const tookMs = Date.now() - started;

  let asked = 0;
  let minGap = Number.POSITIVE_INFINITY;
  let tooClose = 0;
  for (const times of site.hits.values()) {
    asked += times.length;
    for (let i = 1; i < times.length; i += 1) {
      const gap = (times[i] ?? 0) - (times[i - 1] ?? 0);
      minGap = Math.min(minGap, gap);
      if (gap < GAP_MS) tooClose += 1;
    }
  }
  const [inSettings, inWeb] = await Promise.all([page, web].map(longTasks));
  const longest = Math.max(0, ...(inSettings ?? []), ...(inWeb ?? []));
  const noLongTask = (inSettings ?? []).length === 0 && (inWeb ?? []).length === 0;
  const floorMs = Math.max(0, Math.ceil(N / HOSTS) - 1) * 1000;
  const inBudget = tookMs <= BUDGET_MS;
  const paced = tooClose === 0;
  if (!inBudget || !paced || asked < N || !noLongTask) exitCode = 1;
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  process.stdout.write(
    [
      '## Destination check',
      '',
      `${N} links over ${site.hits.size} host names of a local site (loopback, Chromium's host rules), the built extension turned on in Settings until it says the run finished.`,
      '',
      '| Figure | Value | Budget |',
      '| --- | --- | --- |',
      `| Run, switch to "Last finished" | ${s(tookMs)} (floor set by the per-host limit: ${s(floorMs)}) | ${s(BUDGET_MS)}: ${inBudget ? 'met' : 'missed'} |`,
      `| Long tasks meanwhile: Settings / a web page | ${(inSettings ?? []).length} / ${(inWeb ?? []).length}${longest > 0 ? ` (longest ${Math.round(longest)} ms)` : ''} | none: ${noLongTask ? 'met' : 'missed'} |`,
      `| Requests the site answered | ${asked} | at least ${N} |`,
      `| Shortest gap between two requests to one host | ${Number.isFinite(minGap) ? `${Math.round(minGap)} ms` : 'n/a'} | ${GAP_MS} ms: ${paced ? 'kept' : `broken ${tooClose} times`} |`,
      '',
    ].join('\n'),
  );
} catch (error) {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  exitCode = 1;
} finally {
  await h.close();
  await site.close();
}
process.exit(exitCode);
