/**
 * Which saved connection the options page's sections load with. Domains,
 * tags and the default domain belong to one service and workspace, seen
 * with one token: when any of the three changes (a token fixed, a profile
 * saved for the first time, another profile chosen here or in the popup),
 * every section that reads the service loads again.
 */
import type { ProfileEntry } from './options-model';

/** The profile set as the page last read it; null while it loads. */
interface ProfileList {
  profiles: readonly ProfileEntry[] | null;
  activeId: string;
}

/** The active profile when it can reach its service (a profile imported without its token cannot yet). */
export function activeConnection(list: ProfileList): ProfileEntry | null {
  const active = list.profiles?.find((p) => p.id === list.activeId);
  return active === undefined || active.token === '' ? null : active;
}

/**
 * A key that changes exactly when the active connection does: '' when there
 * is none, null while the list is not read yet (nothing is known, so nothing
 * is loaded or said).
 */
export function connectionKeyOf(list: ProfileList): string | null {
  if (list.profiles === null) return null;
  const active = activeConnection(list);
  return active === null ? '' : JSON.stringify([active.baseUrl, active.workspaceId, active.token]);
}

/** The host of a service's address (`links.example.com`), which is also its own short domain; '' when it is not an address. */
export function serviceHostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl.trim()).hostname;
  } catch {
    return '';
  }
}
