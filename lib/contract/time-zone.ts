/**
 * The time zone of the analytics' days (docs/interface.md, Analytics: the
 * optional `timeZone` query parameter and answer field): an IANA name that
 * Intl knows. The extension and the service hold a name to the same rule, so
 * neither acts on a name the other would refuse.
 */

/** Longer than any zone name Intl knows; a longer one is not looked at. */
export const MAX_TIME_ZONE_LENGTH = 64;

/** The zone Intl resolves `name` to ("UTC" for "Etc/UTC" and "GMT"), or null when it is no zone Intl knows. */
export function resolvedTimeZone(name: unknown): string | null {
  if (typeof name !== 'string' || name.length === 0 || name.length > MAX_TIME_ZONE_LENGTH) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone (`undefined`: the runtime's own), made once: making one costs more than using it. */
function partsFormat(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let made = formats.get(key);
  if (made === undefined) {
    made = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(key, made);
  }
  return made;
}

/**
 * Milliseconds to add to UTC to read the wall clock of `timeZone` (the
 * runtime's own when undefined) at `at`: New York in winter -5 h, India
 * +5.5 h. Read through Intl, so summer time and half-hour zones follow the
 * runtime's rules; the side panel and the service both count days with it.
 */
export function zoneOffsetMs(at: number, timeZone?: string): number {
  const parts: Record<string, number> = {};
  for (const part of partsFormat(timeZone).formatToParts(new Date(at))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const wall = Date.UTC(parts.year ?? 1970, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0);
  return wall - Math.floor(at / 1000) * 1000;
}

/** The same offset in whole minutes (New York in winter -300, India +330). */
export function zoneOffsetMinutes(at: number, timeZone?: string): number {
  return Math.round(zoneOffsetMs(at, timeZone) / 60_000);
}
