/**
 * The waiting queue's one error: when every item (two or more) last failed
 * with the same words, the options page says them once above the list
 * instead of on every item.
 */

export function sharedQueueError(items: readonly { lastError?: string }[]): string | null {
  const first = items[0]?.lastError;
  if (items.length < 2 || first === undefined) return null;
  return items.every((item) => item.lastError === first) ? first : null;
}
