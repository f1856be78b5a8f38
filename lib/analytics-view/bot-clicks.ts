/**
 * Visits by bots, crawlers and link previews that the service left out of
 * every count, when its answer says so (`botClicks`, an optional extension:
 * docs/interface.md, Visits by bots): a count above 0, else null, and null
 * for anything but a whole number (an answer cached by an older version is
 * read here unchecked).
 */
export function botClicksOf(data: unknown): number | null {
  const raw = typeof data === 'object' && data !== null && 'botClicks' in data ? data.botClicks : undefined;
  return typeof raw === 'number' && Number.isSafeInteger(raw) && raw > 0 ? raw : null;
}
