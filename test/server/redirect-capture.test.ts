import { describe, expect, it } from 'vitest';
import type { VisitInfo } from '../../server/clicks/recorder-port';
import { DEFAULT_CONFIG, type ServerConfig } from '../../server/config';
import type { AppContext } from '../../server/context';
import { createClickCapture } from '../../server/redirect/capture-click';

const NOW = new Date('2026-11-20T10:00:00Z');

function captureWith(geoHeaders: ServerConfig['geoHeaders']) {
  const recorded: VisitInfo[] = [];
  const ctx = {
    config: { ...DEFAULT_CONFIG, geoHeaders },
    clicks: { record: (visit: VisitInfo) => recorded.push(visit), flush: () => undefined, close: () => undefined },
    now: () => NOW,
  } as unknown as AppContext;
  return { capture: createClickCapture(ctx), recorded };
}

const headers: Record<string, string> = {
  'user-agent': 'UA/1', referer: 'https://t.co/x', 'cf-ipcountry': 'IN', 'x-geo-state': 'Goa', 'x-geo-city': 'Panaji',
};

describe('click capture', () => {
  it('records the visit with the configured geo headers only (names in any case)', () => {
    const { capture, recorded } = captureWith({ country: 'CF-IPCountry', state: 'x-geo-state' });
    capture('GET', 'l1', headers);
    expect(recorded).toEqual([
      { linkId: 'l1', at: NOW.getTime(), userAgent: 'UA/1', referrer: 'https://t.co/x', country: 'IN', state: 'Goa', city: null },
    ]);
  });

  it('reads no location at all when no geo headers are configured', () => {
    const { capture, recorded } = captureWith({});
    capture('GET', 'l1', headers);
    expect(recorded[0]).toMatchObject({ country: null, state: null, city: null });
  });

  it('records nothing for HEAD', () => {
    const { capture, recorded } = captureWith({});
    capture('HEAD', 'l1', headers);
    expect(recorded).toEqual([]);
  });
});
