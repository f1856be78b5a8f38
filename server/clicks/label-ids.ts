import type { ClickRow } from './click-row';

/**
 * The lookup tables that give each label of a raw click a small integer
 * (migration 007-compact-clicks.sql, 009 on PostgreSQL). A label row is never
 * deleted, so an id, once read, keeps its meaning: each writer caches them
 * and asks the database only for labels it has not met, committing new ones
 * before the batch that needs them (a batch that fails leaves them right).
 */
export const LABEL_KINDS = {
  browser: { table: 'label_browsers', columns: ['name'] },
  device: { table: 'label_devices', columns: ['name'] },
  platform: { table: 'label_platforms', columns: ['name'] },
  referrer: { table: 'label_referrers', columns: ['origin'] },
  place: { table: 'label_places', columns: ['country', 'state', 'city'] },
} as const;

export type LabelKind = keyof typeof LABEL_KINDS;

/** Label values of one kind of a click, in the table's column order. */
export function labelValues(kind: LabelKind, row: ClickRow): string[] {
  if (kind === 'place') return [row.country, row.state, row.city];
  return [row[kind]];
}

/** Cache key of label values (U+0000 cannot occur in a cleaned label: sanitize.ts). */
export function labelKey(values: readonly string[]): string {
  return values.join('\u0000');
}

/** Entries one cache holds at most; beyond it, it starts again (referrers are as many as visitors make). */
const MAX_CACHED = 20_000;

/** Label -> id, per kind. */
export class LabelCache {
  readonly #ids = new Map<LabelKind, Map<string, number>>(Object.keys(LABEL_KINDS).map((kind) => [kind as LabelKind, new Map()]));

  get(kind: LabelKind, key: string): number | undefined {
    return this.#ids.get(kind)?.get(key);
  }

  set(kind: LabelKind, key: string, id: number): void {
    this.#ids.get(kind)?.set(key, id);
  }

  /** Starts a kind's cache again once it is full; called before a batch is learned, never during (its ids must stay). */
  trim(): void {
    for (const ids of this.#ids.values()) if (ids.size >= MAX_CACHED) ids.clear();
  }
}
