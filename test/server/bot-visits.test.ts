/**
 * Bot-free counts through the running service: visits by link-preview bots
 * and crawlers get their redirect but are left out of totalClicks and every
 * analytics block, counted apart (botClicks, /metrics, flagged in `clicks
 * export`); `--count-bots` counts them as before. Odd User-Agents (10 KB,
 * empty, missing) are people and never a 5xx.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import * as v from 'valibot';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { AnalyticsResponseSchema, type Analytics } from '../../lib/contract/schemas/analytics';
import { exportClicks } from '../../server/clicks/export-clicks';
import type { ServerConfig } from '../../server/config';
import { openDatabase } from '../../server/db/open';
import { seedLink } from './clicks-fixtures';
import { startHarness, type Harness } from './harness';
import { ON_POSTGRES, testLocation } from './test-database';
import { BOT_AGENTS, PERSON_AGENTS } from './user-agents';

const CLI = fileURLToPath(new URL('../../server/cli.ts', import.meta.url));

/** The eight preview bots and crawlers of a link shared in chats and on Mastodon. */
const PREVIEW_BOTS = [
  BOT_AGENTS.slack, BOT_AGENTS.whatsapp, BOT_AGENTS.twitter, BOT_AGENTS.linkedin,
  BOT_AGENTS.discord, BOT_AGENTS.telegram, BOT_AGENTS.facebook, BOT_AGENTS.mastodon,
];
const PEOPLE = [PERSON_AGENTS.chromeWindows, PERSON_AGENTS.safariIphone, PERSON_AGENTS.firefoxLinux];

const out = mkdtempSync(join(tmpdir(), 'shortlink-bots-'));
let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** A GET of the short link over node:http, with exactly these headers (no User-Agent unless given). */
function visit(h: Harness, keyword: string, headers: Record<string, string>): Promise<{ status: number; location: string | undefined }> {
  const url = new URL(h.server.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: `/${keyword}`, headers, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function start(config: Partial<ServerConfig> = {}) {
  harness = await startHarness({ metricsPort: 0, ...config });
  const token = await harness.token('bots');
  const created = await harness.call('POST', '/link', {
    token, body: { workspaceId: 'bots', keywordType: 'CUSTOM', keyword: 'shared', longUrl: 'https://example.com/article' },
  });
  expect(created.status).toBe(200);
  return { h: harness, token, linkId: (created.json.data as { linkId: string }).linkId };
}

async function analytics(h: Harness, token: string, linkId: string): Promise<Analytics> {
  const answer = await h.call('GET', `/link/${linkId}/bots`, { token });
  expect(answer.status).toBe(200);
  return v.parse(AnalyticsResponseSchema, answer.body).data;
}

async function metric(h: Harness, name: string): Promise<number | undefined> {
  const text = await (await fetch(h.server.metricsUrl ?? '')).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
}

/** 8 preview-bot visits and 3 people's, each answered with the redirect. */
async function shareInChats(h: Harness): Promise<void> {
  for (const userAgent of [...PREVIEW_BOTS, ...PEOPLE]) {
    expect(await visit(h, 'shared', { 'user-agent': userAgent })).toEqual({ status: 302, location: 'https://example.com/article' });
  }
  await h.server.ctx.clicks.flush();
}

describe('visits by bots', () => {
  it('are redirected, left out of totalClicks and the blocks, counted apart, in /metrics and flagged in the export', async () => {
    const { h, token, linkId } = await start();
    await shareInChats(h);

    const data = await analytics(h, token, linkId);
    expect(data.freeUserData.scoreCardDetails.data.totalClicks).toBe(3);
    expect(data.botClicks).toBe(8);
    const browsers = data.linkDetailsData.topBrowsers.data.browsers;
    expect(browsers.map((b) => b.browser).sort()).toEqual(['Chrome', 'Firefox', 'Safari']);
    expect(browsers.reduce((sum, b) => sum + b.count, 0)).toBe(3);
    expect(data.linkDetailsData.topDevices.data.devices.map((d) => d.device)).not.toContain('Bot');
    expect(data.linkDetailsData.clickTrends.data.totalClicks).toBe(3);
    expect(data.linkDetailsData.hourDayClicks.data.series.reduce((sum, n) => sum + n, 0)).toBe(3);
    // The link list's count is people's too.
    const listed = await h.call('GET', '/link', { token, query: { workspaceId: 'bots' } });
    expect((listed.json.data as { list: { totalClicks: number }[] }).list[0]?.totalClicks).toBe(3);

    expect(await metric(h, 'shortlink_bot_visits_total')).toBe(8);
    expect(await metric(h, 'shortlink_redirects_total{outcome="found"}')).toBe(11);

    const file = join(out, `clicks-${Date.now()}.ndjson`);
    const { rows } = await exportClicks({
      location: h.server.ctx.db.location, file, format: 'ndjson', sinceMs: null, untilMs: null,
      links: { publicUrl: 'https://sho.rt', trustDomains: false },
    });
    expect(rows).toBe(11);
    const lines = readFileSync(file, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { bot: unknown; browser: string });
    expect(lines.filter((line) => line.bot === true)).toHaveLength(8);
    expect(lines.filter((line) => line.bot === false).map((line) => line.browser).sort()).toEqual(['Chrome', 'Firefox', 'Safari']);
    expect(lines.find((line) => line.browser === 'FacebookExternalHit')?.bot).toBe(true);
  });

  it('with --count-bots are clicks, as before', async () => {
    const { h, token, linkId } = await start({ countBots: true });
    await shareInChats(h);
    const data = await analytics(h, token, linkId);
    expect(data.freeUserData.scoreCardDetails.data.totalClicks).toBe(11);
    expect(data.botClicks).toBe(0);
    expect(data.linkDetailsData.topBrowsers.data.browsers.map((b) => b.browser)).toContain('FacebookExternalHit');
    expect(await metric(h, 'shortlink_bot_visits_total')).toBe(0);
  });

  it('a User-Agent of 10 KB, an empty one and none at all are people, and redirected', async () => {
    const { h, token, linkId } = await start();
    const odd: Record<string, string>[] = [{ 'user-agent': `${PERSON_AGENTS.chromeAndroid} ${'x'.repeat(10_240)}` }, { 'user-agent': '' }, {}];
    for (const headers of odd) {
      expect(await visit(h, 'shared', headers)).toEqual({ status: 302, location: 'https://example.com/article' });
    }
    await h.server.ctx.clicks.flush();
    const data = await analytics(h, token, linkId);
    expect(data.freeUserData.scoreCardDetails.data.totalClicks).toBe(3);
    expect(data.botClicks).toBe(0);
    expect(await metric(h, 'shortlink_bot_visits_total')).toBe(0);
  });
});

describe('--count-bots', () => {
  /** `serve` on a database holding one link; a Slack preview and a person visit it; what the link counts once it stopped. */
  async function countsWith(args: string[], env: Record<string, string>): Promise<{ total: number; bots: number }> {
    const where = await testLocation();
    try {
      const seeded = await openDatabase(where.location);
      await seedLink(seeded, { id: 'l1', keyword: 'shared', longUrl: 'https://example.com/article' });
      await seeded.close();
      const database = ON_POSTGRES ? ['--database', where.location] : ['--data', where.location];
      const child = spawn(process.execPath, ['--import', 'tsx', CLI, 'serve', '--port', '0', ...database, ...args], {
        env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'],
      });
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      try {
        const first = String((await createInterface({ input: child.stdout })[Symbol.asyncIterator]().next()).value);
        const origin = /(http:\/\/\S+)\/api/.exec(first)?.[1] ?? '';
        for (const userAgent of [BOT_AGENTS.slack, PERSON_AGENTS.safariIphone]) {
          const res = await fetch(`${origin}/shared`, { redirect: 'manual', headers: { 'user-agent': userAgent } });
          expect(res.status).toBe(302);
        }
      } finally {
        // A clean stop writes the buffered clicks.
        child.kill('SIGTERM');
      }
      expect(await exited).toBe(0);
      const db = await openDatabase(where.location);
      const row = await db.get<{ total: number; bots: number }>("SELECT total_clicks AS total, bot_clicks AS bots FROM links WHERE id = 'l1'");
      await db.close();
      return { total: Number(row?.total), bots: Number(row?.bots) };
    } finally {
      await where.remove();
    }
  }

  it('off by default: the preview is counted apart', async () => {
    expect(await countsWith([], { SHORTLINK_COUNT_BOTS: '' })).toEqual({ total: 1, bots: 1 });
  }, 60_000);

  it('on the command line, or SHORTLINK_COUNT_BOTS: the preview is a click', async () => {
    expect(await countsWith(['--count-bots'], {})).toEqual({ total: 2, bots: 0 });
    expect(await countsWith([], { SHORTLINK_COUNT_BOTS: 'yes' })).toEqual({ total: 2, bots: 0 });
  }, 60_000);
});
