/**
 * How many of a list's links a batch will make and how many it will reuse
 * ("already shortened"), counted apart for the Shorten button and the
 * list's summary, as the batch will count them.
 */
import type { PreparedList } from '../text-links/prepare-list';

export function newAndReused(list: Pick<PreparedList, 'valid'>, known: Readonly<Record<string, string>>, fresh: boolean): { fresh: number; reused: number } {
  const reused = fresh ? 0 : list.valid.filter((e) => known[e.url] !== undefined).length;
  return { fresh: list.valid.length - reused, reused };
}
