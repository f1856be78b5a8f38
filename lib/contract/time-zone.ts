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
