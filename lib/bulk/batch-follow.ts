/**
 * Following a running batch from the bulk page: its status says when it
 * changed, and the page pulls only the items changed since the revision it
 * holds (all of them for a batch it has not shown yet), keeping the samples
 * the time left is estimated from. One pull at a time; a change meanwhile
 * pulls once more after it.
 */
import type { BulkStatus } from '../batch/bulk-status';
import type { Send } from '../messaging/send-message';
import { analyseText } from './analyse';
import type { BulkModel, BulkSource } from './bulk-model';
import { fromInput } from './from-input';
import { addSample, timeLeftMs, type Sample } from './time-left';

export interface BatchFollowDeps {
  send: Send;
  model: () => BulkModel;
  set: (patch: Partial<BulkModel>) => void;
  /** Back to the text field (the batch is gone): with the URLs left for the page meanwhile, if any. */
  compose: (text: string, source: BulkSource) => void;
  yieldNow: () => Promise<void>;
  now: () => number;
}

export interface BatchFollow {
  /** Pulls what changed; resolves when the page holds the newest revision. */
  pull(): Promise<void>;
  /** The batch's status changed (null: no batch). */
  onStatus(status: BulkStatus | null): void;
  /** A batch shown anew: the time left is estimated from its own samples only. */
  restart(): void;
}

export function createBatchFollow(deps: BatchFollowDeps): BatchFollow {
  const { send, set, model } = deps;
  let samples: Sample[] = [];

  async function pullOnce(): Promise<void> {
    const have = model().batch;
    let answer = await send('bulkBatch', { since: have?.rev ?? 0 });
    // Another batch than the one shown: all of it.
    if (answer.batch !== null && have !== null && answer.batch.id !== have.id) answer = await send('bulkBatch', { since: 0 });
    const { batch } = answer;
    if (batch === null) {
      const { view, pendingInput } = model();
      if (view === 'batch') deps.compose(pendingInput ? fromInput(pendingInput).text : '', pendingInput?.source ?? 'typed');
      return;
    }
    const fresh = have === null || have.id !== batch.id;
    const items = fresh ? [] : [...model().items];
    for (const item of answer.items) items[item.index] = item;
    if (fresh) samples = [];
    samples = addSample(samples, { at: deps.now(), settled: batch.total - batch.counts.waiting });
    set({
      view: 'batch',
      batch,
      items,
      ...(answer.text !== undefined ? { batchText: answer.text } : fresh ? { batchText: null } : {}),
      timeLeftMs: batch.state === 'running' ? timeLeftMs(samples, batch.counts.waiting) : null,
    });
    // A batch shown anew (the page reopened) lists its text's problem lines again: they stay after the run.
    const { text } = answer;
    if (text !== undefined && model().analysis === null) {
      void analyseText(text.value, text.format, [model().serviceHost], deps.yieldNow).then((analysis) => {
        if (model().view === 'batch' && model().analysis === null) set({ analysis });
      });
    }
  }

  let pulling: Promise<void> | null = null;
  let again = false;
  function pull(): Promise<void> {
    if (pulling !== null) {
      again = true;
      return pulling;
    }
    pulling = (async () => {
      try {
        do {
          again = false;
          await pullOnce();
        } while (again);
      } finally {
        pulling = null;
      }
    })();
    return pulling;
  }

  return {
    pull,
    onStatus(status) {
      if (model().view !== 'batch') return;
      const shown = model().batch;
      if (status === null || shown === null || status.id !== shown.id || status.rev > shown.rev) pull().catch(() => undefined);
    },
    restart() {
      samples = [];
    },
  };
}
