/**
 * The time zone an analytics answer's days are in: the `timeZone` a service
 * that groups days by zone names (docs/interface.md, Analytics), when it is a
 * zone this browser knows; "UTC" otherwise, which is what every service's
 * days are without it (the answer of another service, or one cached before).
 * Months and hours of the day are UTC whatever it says.
 */
import { resolvedTimeZone } from '../contract/time-zone';

export function answerZone(data: unknown): string {
  const named = typeof data === 'object' && data !== null && 'timeZone' in data ? data.timeZone : undefined;
  const resolved = resolvedTimeZone(named);
  return resolved === null || resolved === 'UTC' ? 'UTC' : (named as string);
}
