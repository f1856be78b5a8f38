import { describe, expect, it } from 'vitest';
import type { VisitInfo } from '../../server/clicks/recorder-port';
import { DEFAULT_CONFIG, type ServerConfig } from '../../server/config';
import type { AppContext } from '../../server/context';
import { createClickCapture } from '../../server/redirect/capture-click';
import { BOT_AGENTS, PERSON_AGENTS } from './user-agents';

const NOW = new Date('2026-11-20T10:00:00Z');

function captureWith(geoHeaders: ServerConfig['geoHeaders'], config: Partial<ServerConfig> = {}) {
  const recorded: VisitInfo[] = [];
  const bots = { visits: 0 };
  const ctx = {
    config: { ...DEFAULT_CONFIG, geoHeaders, ...config },
    clicks: { record: (visit: VisitInfo) => recorded.push(visit), flush: () => undefined, close: () => undefined },
    metrics: { botVisit: () => (bots.visits += 1) },
    now: () => NOW,
  } as unknown as AppContext;
  return { capture: createClickCapture(ctx), recorded, bots };
}

const headers: Record<string, string> = {
  'user-agent': PERSON_AGENTS.firefoxLinux, referer: 'https://t.co/x', 'cf-ipcountry': 'IN', 'x-geo-state': 'Goa', 'x-geo-city': 'Panaji',
};

describe('click capture', () => {
  it('records the visit with the configured geo headers only (names in any case)', () => {
    const { capture, recorded } = captureWith({ country: 'CF-IPCountry', state: 'x-geo-state' });
    capture('GET', 'l1', headers);
    expect(recorded).toEqual([
      { linkId: 'l1', at: NOW.getTime(), userAgent: PERSON_AGENTS.firefoxLinux, referrer: 'https://t.co/x', country: 'IN', state: 'Goa', city: null, bot: false },
    ]);
  });

  it('reads no location at all when no geo headers are configured', () => {
    const { capture, recorded } = captureWith({});
    capture('GET', 'l1', headers);
    expect(recorded[0]).toMatchObject({ country: null, state: null, city: null });
  });

  it('records a known bot\'s visit with its flag and counts it for the metrics', () => {
    const { capture, recorded, bots } = captureWith({});
    capture('GET', 'l1', { ...headers, 'user-agent': BOT_AGENTS.whatsapp });
    capture('GET', 'l1', headers);
    expect(recorded.map((visit) => [visit.userAgent, visit.bot])).toEqual([
      [BOT_AGENTS.whatsapp, true],
      [PERSON_AGENTS.firefoxLinux, false],
    ]);
    expect(bots.visits).toBe(1);
  });

  it('takes a missing or empty User-Agent for a person', () => {
    const { capture, recorded, bots } = captureWith({});
    capture('GET', 'l1', { referer: 'https://t.co/x' });
    capture('GET', 'l1', { 'user-agent': '' });
    expect(recorded.map((visit) => [visit.userAgent, visit.bot])).toEqual([
      ['', false],
      ['', false],
    ]);
    expect(bots.visits).toBe(0);
  });

  it('with --count-bots, records every visit as a person\'s', () => {
    const { capture, recorded, bots } = captureWith({}, { countBots: true });
    capture('GET', 'l1', { ...headers, 'user-agent': BOT_AGENTS.facebook });
    expect(recorded[0]).toMatchObject({ userAgent: BOT_AGENTS.facebook, bot: false });
    expect(bots.visits).toBe(0);
  });

  it('records nothing for HEAD', () => {
    const { capture, recorded } = captureWith({});
    capture('HEAD', 'l1', headers);
    expect(recorded).toEqual([]);
  });
});
