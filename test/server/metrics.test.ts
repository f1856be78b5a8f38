import { afterEach, describe, expect, it } from 'vitest';
import { LatencyHistogram } from '../../server/ops/latency-histogram';
import { startHarness, type Harness } from './harness';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

/** The value of one sample line, e.g. sample(text, 'shortlink_redirects_total{outcome="found"}'). */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('Prometheus metrics', () => {
  it('are off by default, and never served on the public port', async () => {
    harness = await startHarness({ dataDir: ':memory:' });
    expect(harness.server.metricsUrl).toBeNull();
    const res = await fetch(`${harness.server.url}/metrics`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('shortlink_');
  });

  it('count redirects, clicks, API requests by route and status, metadata fetches and queues on --metrics-port', async () => {
    harness = await startHarness({ metricsPort: 0, clickFlushMs: 20 });
    const { metricsUrl, url } = harness.server;
    expect(metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    expect(metricsUrl?.startsWith(`${url}/`)).toBe(false);
    expect((await fetch(`${url}/metrics`)).status).toBe(404);

    const token = await harness.token('m');
    const created = await harness.call('POST', '/link', {
      token, body: { workspaceId: 'm', keywordType: 'CUSTOM', keyword: 'counted', longUrl: 'http://127.0.0.1:1/private' },
    });
    expect(created.status).toBe(200);
    expect((await harness.call('GET', '/tag', { token: 'wrong', query: { workspaceId: 'm' } })).status).toBe(401);
    const linkId = (created.json.data as { linkId: string }).linkId;
    expect((await harness.call('GET', `/link/${linkId}/m`, { token })).status).toBe(200);
    for (let i = 0; i < 3; i += 1) expect((await fetch(`${url}/counted`, { redirect: 'manual' })).status).toBe(302);
    expect((await fetch(`${url}/nothing-here`, { redirect: 'manual' })).status).toBe(404);
    await harness.server.ctx.metadata.idle();
    await harness.server.ctx.clicks.flush();

    const res = await fetch(metricsUrl ?? '');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(sample(text, 'shortlink_redirects_total{outcome="found"}')).toBe(3);
    // /nothing-here and the public port's /metrics.
    expect(sample(text, 'shortlink_redirects_total{outcome="not_found"}')).toBe(2);
    expect(sample(text, 'shortlink_redirect_duration_seconds_count')).toBe(3);
    expect(sample(text, 'shortlink_clicks_recorded_total')).toBe(3);
    expect(sample(text, 'shortlink_clicks_waiting')).toBe(0);
    expect(sample(text, 'shortlink_clicks_lost_total')).toBe(0);
    expect(sample(text, 'shortlink_api_requests_total{route="/api/link",method="POST",status="200"}')).toBe(1);
    expect(sample(text, 'shortlink_api_requests_total{route="unmatched",method="GET",status="401"}') ??
      sample(text, 'shortlink_api_requests_total{route="/api/tag",method="GET",status="401"}')).toBe(1);
    expect(sample(text, 'shortlink_api_requests_total{route="/api/link/:linkId/:workspaceId",method="GET",status="200"}')).toBe(1);
    expect(sample(text, 'shortlink_api_request_duration_seconds_count{route="/api/link",method="POST"}')).toBe(1);
    // The destination is a private address: the fetcher refuses it.
    expect(sample(text, 'shortlink_metadata_fetches_total{outcome="failed"}')).toBe(1);
    expect(sample(text, 'shortlink_metadata_queue{state="queued"}')).toBe(0);
    expect(sample(text, 'shortlink_click_batches_in_flight')).toBe(0);
    expect(text).toContain('process_cpu_seconds_total');
    // No link id or keyword ever becomes a label.
    expect(text).not.toContain(linkId);
    expect(text).not.toContain('counted');
  });
});

describe('LatencyHistogram', () => {
  it('writes cumulative buckets, sum and count in the exposition format', () => {
    const histogram = new LatencyHistogram('t_seconds', 'Test.', [0.001, 0.01]);
    for (const seconds of [0.0005, 0.001, 0.005, 2]) histogram.observe(seconds);
    expect(histogram.text()).toBe([
      '# HELP t_seconds Test.', '# TYPE t_seconds histogram',
      't_seconds_bucket{le="0.001"} 2', 't_seconds_bucket{le="0.01"} 3', 't_seconds_bucket{le="+Inf"} 4',
      't_seconds_sum 2.0065', 't_seconds_count 4', '',
    ].join('\n'));
  });
});
