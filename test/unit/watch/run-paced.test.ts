// Pacing: at most 4 checks at once, never two requests to one host within a second, and other hosts are not held up by a busy one.
import { describe, expect, it } from 'vitest';
import { createHostPacer, pacedFetch, PER_HOST_GAP_MS, WATCH_CONCURRENCY } from '../../../lib/watch/host-pacer';
import { runPaced } from '../../../lib/watch/run-paced';
import { fakeClock } from './fake-clock';

describe('runPaced with the host pacer', () => {
  it('keeps 4 in flight and a second between requests to one host', async () => {
    const clock = fakeClock();
    const pacer = createHostPacer(clock);
    const starts = new Map<string, number[]>();
    let inFlight = 0;
    let most = 0;
    const inner = (async (input: string) => {
      const host = new URL(input).hostname;
      starts.set(host, [...(starts.get(host) ?? []), clock.now()]);
      inFlight += 1;
      most = Math.max(most, inFlight);
      await clock.sleep(300); // each answer takes 0.3 s
      inFlight -= 1;
      return new Response(null);
    }) as typeof fetch;
    const paced = pacedFetch(pacer, inner);
    const items = Array.from({ length: 60 }, (_, i) => `https://h${i % 5}.example/${i}`);
    const started = await clock.drive(
      runPaced({ items, hostOf: (u) => new URL(u).hostname, pacer, clock, task: async (u) => void (await paced(u)) }),
    );
    expect(started).toHaveLength(60);
    expect(most).toBeLessThanOrEqual(WATCH_CONCURRENCY);
    for (const times of starts.values()) {
      expect(times).toHaveLength(12);
      for (let i = 1; i < times.length; i += 1) expect((times[i] ?? 0) - (times[i - 1] ?? 0)).toBeGreaterThanOrEqual(PER_HOST_GAP_MS);
    }
  });

  it('takes other hosts first while a busy host rests', async () => {
    const clock = fakeClock();
    const pacer = createHostPacer(clock);
    const order: string[] = [];
    const items = ['a/1', 'a/2', 'a/3', 'a/4', 'b/1', 'c/1'];
    await clock.drive(
      runPaced({
        items,
        hostOf: (s) => s.split('/')[0] ?? '',
        pacer,
        clock,
        task: async (s) => {
          await pacer.turn(s.split('/')[0] ?? '');
          order.push(s);
        },
      }),
    );
    // b and c are not kept waiting behind a's second-long rests.
    expect(order.indexOf('b/1')).toBeLessThan(order.indexOf('a/2'));
    expect(order.indexOf('c/1')).toBeLessThan(order.indexOf('a/2'));
  });

  it('starts nothing more once told to stop, and says what it started', async () => {
    const clock = fakeClock();
    const pacer = createHostPacer(clock);
    const end = clock.now() + 2_500;
    const started = await clock.drive(
      runPaced({
        items: Array.from({ length: 10 }, (_, i) => i),
        hostOf: () => 'one.example',
        pacer,
        clock,
        shouldStop: () => clock.now() >= end,
        task: async () => pacer.turn('one.example'),
      }),
    );
    expect(started.length).toBeGreaterThan(0);
    expect(started.length).toBeLessThan(10);
  });
});
