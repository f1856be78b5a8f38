/**
 * The reader's time zone as an offset from UTC at one instant, in minutes
 * (New York in winter -300, India +330), read through Intl so a zone's
 * rules (summer time, half-hour offsets) are the browser's own.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

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

/** Minutes to add to UTC to get the wall clock of `timeZone` (the browser's when undefined) at `at`. */
export function zoneOffsetMinutes(at: number, timeZone?: string): number {
  const parts: Record<string, number> = {};
  for (const part of partsFormat(timeZone).formatToParts(new Date(at))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const wall = Date.UTC(parts.year ?? 1970, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0);
  const whole = Math.floor(at / 1000) * 1000;
  return Math.round((wall - whole) / 60_000);
}
