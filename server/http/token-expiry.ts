/** Reading `token --expires`: an ISO date or date-time, or a duration from now. */

export type ExpiryVerdict = { ok: true; at: Date } | { ok: false; reason: string };

const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 } as const;
const DURATION = /^(\d{1,7})([smhdw])$/;
// A time needs its zone (Z or ±hh:mm): a bare local time would mean different instants on different machines.
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2}))?$/;
/** Longer than any sensible token life; beyond it the value is more likely a typing mistake. */
const MAX_AHEAD_MS = 100 * 365 * UNIT_MS.d;

const USAGE = 'must be an ISO date (2027-01-31, meaning 00:00 UTC that day), an ISO date-time with its zone (2027-01-31T18:00Z) or a duration such as 30d, 12h, 45m, 2w';

/** The instant `raw` names, judged against `now`: in the future and within a hundred years. */
export function parseExpiry(raw: string, now: Date): ExpiryVerdict {
  const text = raw.trim();
  const duration = DURATION.exec(text);
  let at: number;
  if (duration) {
    const amount = Number(duration[1]);
    if (amount === 0) return { ok: false, reason: 'must be a duration of more than 0' };
    at = now.getTime() + amount * UNIT_MS[duration[2] as keyof typeof UNIT_MS];
  } else {
    const iso = ISO.exec(text);
    if (!iso) return { ok: false, reason: USAGE };
    const [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
    // Date.parse rolls 2027-02-30 over to March; a calendar date that does not exist is a mistake.
    const calendar = new Date(Date.UTC(year, month - 1, day));
    if (calendar.getUTCFullYear() !== year || calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day) {
      return { ok: false, reason: `names no calendar date: "${text}"` };
    }
    if (iso[4] !== undefined && (Number(iso[4]) > 23 || Number(iso[5]) > 59 || Number(iso[6] ?? 0) > 59)) {
      return { ok: false, reason: `names no time of day: "${text}"` };
    }
    at = Date.parse(text);
    if (Number.isNaN(at)) return { ok: false, reason: USAGE };
  }
  if (at <= now.getTime()) return { ok: false, reason: `is in the past: ${new Date(at).toISOString()}` };
  if (at - now.getTime() > MAX_AHEAD_MS) return { ok: false, reason: 'must be within 100 years' };
  return { ok: true, at: new Date(at) };
}
