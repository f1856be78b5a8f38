// Settings' destination check: the permission asked first from the click, a refusal said, Check now, and the status read again while a run goes on.
import { describe, expect, it, vi } from 'vitest';
import type { Send } from '../../../lib/messaging/send-message';
import { createWatchController, type WatchModel, type WatchStatusView } from '../../../lib/options/watch-controller';

const idle: WatchStatusView = { enabled: false, permitted: false, configured: true, running: null, lastFinishedAt: null, problems: [] };

function setup(opts: { grant: boolean; statuses: WatchStatusView[]; setWatch?: unknown }) {
  const sent: string[] = [];
  const statuses = [...opts.statuses];
  const send = vi.fn(async (type: string) => {
    sent.push(type);
    if (type === 'watchStatus') return statuses.length > 1 ? statuses.shift() : statuses[0];
    if (type === 'setWatch') return opts.setWatch ?? { ok: true };
    return { ok: true };
  }) as unknown as Send;
  const models: WatchModel[] = [];
  const timers: (() => void)[] = [];
  const requestAnySite = vi.fn(async () => opts.grant);
  const c = createWatchController({ send, requestAnySite, onChange: (m) => models.push(m), setTimer: (fn) => timers.push(fn) });
  return { c, sent, models, timers, requestAnySite, last: () => models[models.length - 1] };
}

describe('watch controller', () => {
  it('asks for the permission before anything is sent, and stays off when refused', async () => {
    const w = setup({ grant: false, statuses: [idle] });
    const pending = w.c.setEnabled(true);
    // Asked synchronously, inside the click.
    expect(w.requestAnySite).toHaveBeenCalledOnce();
    await pending;
    expect(w.sent).not.toContain('setWatch');
    expect(w.last()?.notice).toBe('permission-refused');
  });

  it('turns on when granted and reads the status again while the run goes on', async () => {
    const running = { ...idle, enabled: true, permitted: true, running: { checked: 3, total: 10 } };
    const done = { ...running, running: null, lastFinishedAt: 5 };
    const w = setup({ grant: true, statuses: [running, done] });
    await w.c.setEnabled(true);
    expect(w.sent).toEqual(['setWatch', 'watchStatus']);
    expect(w.last()?.status?.running).toEqual({ checked: 3, total: 10 });
    expect(w.timers).toHaveLength(1);
    w.timers[0]?.();
    await vi.waitFor(() => expect(w.last()?.status?.lastFinishedAt).toBe(5));
    // Finished: no more reads are set.
    expect(w.timers).toHaveLength(1);
  });

  it('says when the background refuses (no permission any more)', async () => {
    const w = setup({ grant: true, statuses: [idle], setWatch: { ok: false, problem: 'no-permission' } });
    await w.c.setEnabled(true);
    expect(w.last()?.notice).toBe('permission-refused');
  });

  it('turning off asks for nothing', async () => {
    const w = setup({ grant: true, statuses: [idle] });
    await w.c.setEnabled(false);
    expect(w.requestAnySite).not.toHaveBeenCalled();
    expect(w.sent).toEqual(['setWatch', 'watchStatus']);
  });
});
