/**
 * The service origins the browser granted, kept to those a profile needs
 * (docs/design.md, Security: a permission no profile needs any more is removed).
 * When a profile is deleted or pointed at another service, the origin it
 * used is given back unless another profile still uses it. Origins are the
 * patterns Save asks for (lib/browser/host-permission.ts): one per host, any
 * port, so two profiles on one host share one grant.
 */
import { browser } from 'wxt/browser';
import { originPatternOf } from '../../browser/host-permission';
import type { ProfileSet } from '../../storage/profiles';

export interface OriginPermissionsApi {
  remove(permissions: { origins: string[] }): Promise<boolean>;
}

function patternsOf(set: ProfileSet): Set<string> {
  const patterns = new Set<string>();
  for (const profile of set.profiles) {
    const pattern = originPatternOf(profile.baseUrl);
    if (pattern !== null) patterns.add(pattern);
  }
  return patterns;
}

/** Removes the grants `before` needed and `after` does not; returns the patterns given back. */
export async function releaseUnusedOrigins(
  before: ProfileSet,
  after: ProfileSet,
  api: OriginPermissionsApi = browser.permissions,
): Promise<string[]> {
  const needed = patternsOf(after);
  const unused = [...patternsOf(before)].filter((pattern) => !needed.has(pattern));
  const released: string[] = [];
  for (const pattern of unused) {
    try {
      // False, or a throw, for an origin the manifest grants itself (a build for tests): nothing to give back.
      if (await api.remove({ origins: [pattern] })) released.push(pattern);
    } catch {
      // A grant that cannot be removed is not a reason to fail the change the user made.
    }
  }
  return released;
}
