/**
 * Visits by bots, crawlers and link previews that the service left out of
 * every count, when its answer says so (`botClicks`, an optional extension:
 * docs/interface.md, Visits by bots): a count above 0, else null, and null
 * for anything but a whole number (an answer cached by an older version is
 * read here unchecked).
 */
export function botClicksOf(data: unknown): number | null {
  // Number.isSafeInteger is false for anything but a number; a string or a number has no botClicks.
  const raw = (data as { botClicks?: unknown } | null | undefined)?.botClicks;
  return Number.isSafeInteger(raw) && (raw as number) > 0 ? (raw as number) : null;
}
