/**
 * How long each profile's service keeps the answer to a request made under
 * an idempotency key, as it last said (its `Idempotency-Retention` header,
 * lib/api/idempotency-retention.ts), by profile id (or address, for items
 * from before profiles). The queue reads it before sending an unknown
 * outcome again (lib/queue/stale-outcome.ts); a service that never said is
 * taken to keep them the interface's minimum, 24 hours. Written only when
 * the value changes, so a drain of the queue does not rewrite it per link.
 */
import { storage } from 'wxt/utils/storage';
import { IDEMPOTENCY_RETENTION_KEY } from './keys';

export type RetentionBook = Record<string, number>;

export const retentionItem = storage.defineItem<RetentionBook>(IDEMPOTENCY_RETENTION_KEY, { fallback: {} });

/** The entry a profile's retention is kept under. */
export function retentionKey(profile: { id: string } | undefined, baseUrl?: string): string {
  return profile !== undefined ? `profile:${profile.id}` : `address:${baseUrl ?? ''}`;
}

export interface RetentionMemo {
  /** Records what a service said, in seconds (written when it changed). */
  record(key: string, seconds: number): Promise<void>;
  /** What it last said, in ms; null when it never said. */
  read(key: string): Promise<number | null>;
}

export function createRetentionMemo(): RetentionMemo {
  let book: Promise<RetentionBook> | null = null;
  const load = () => (book ??= retentionItem.getValue().then((value) => ({ ...(typeof value === 'object' && value !== null ? value : {}) })));
  let writes: Promise<void> = Promise.resolve();
  return {
    async record(key, seconds) {
      const current = await load();
      if (current[key] === seconds) return;
      current[key] = seconds;
      writes = writes.then(() => retentionItem.setValue({ ...current })).catch((err: unknown) => console.error('could not record the retention', err));
      await writes;
    },
    async read(key) {
      const seconds = (await load())[key];
      return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : null;
    },
  };
}
