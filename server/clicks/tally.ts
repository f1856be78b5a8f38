export type RollupValues = [string, ...(string | number)[]];

/**
 * Counts rows per rollup key, so each key costs one upsert per batch instead
 * of one per click. The caller builds the key (its values joined by U+0000:
 * labels are cleaned of control characters in sanitize.ts, so it cannot occur
 * inside one); the values array is made only for a key not seen yet, since
 * nearly every click of a batch repeats one.
 */
export class Tally {
  readonly #counts = new Map<string, { values: RollupValues; n: number }>();

  /** Counts one more for `key`; false when the key is new, and `start` must be called. */
  bump(key: string): boolean {
    const entry = this.#counts.get(key);
    if (!entry) return false;
    entry.n += 1;
    return true;
  }

  start(key: string, values: RollupValues): void {
    this.#counts.set(key, { values, n: 1 });
  }

  *entries(): Generator<[...RollupValues, number]> {
    for (const { values, n } of this.#counts.values()) yield [...values, n];
  }
}
