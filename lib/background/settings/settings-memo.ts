/**
 * The profiles and preferences, read from storage once per worker life and
 * again only after they change. A new link costs several settings reads (the
 * shortener, the queue's client for the link's profile, its token getter,
 * the handler): each is an IPC to the browser, which the popup timing bench
 * showed adding up (7 ms for the queue's client alone, read unmemoised).
 */
import { activeProfile, type ProfileSet } from '../../storage/profiles';
import {
  connectionItem,
  connectionOf,
  getPreferences,
  getProfileSet,
  preferencesItem,
  type Connection,
  type Preferences,
} from '../../storage/settings';

export interface SettingsSource {
  /** The active profile's connection. */
  getConnection(): Promise<Connection>;
  /** One profile's connection, active or not; null once deleted. */
  getProfileConnection(id: string): Promise<Connection | null>;
  getPreferences(): Promise<Preferences>;
  /** Every profile (the active one among them). */
  getProfileSet(): Promise<ProfileSet>;
  /**
   * Forget both now. The background calls it after writing settings itself:
   * storage's change event arrives later, and a replay started right after a
   * Save must already use the new token.
   */
  invalidate(): void;
}

/** A read kept until `forget`; a failed read is not kept. */
function memo<T>(read: () => Promise<T>): { get(): Promise<T>; forget(): void } {
  let kept: Promise<T> | null = null;
  return {
    get() {
      const current = (kept ??= read());
      current.catch(() => {
        if (kept === current) kept = null;
      });
      return current;
    },
    forget() {
      kept = null;
    },
  };
}

/** Call in the background's `main`: it watches storage. */
export function createSettingsMemo(): SettingsSource {
  const profiles = memo<ProfileSet>(getProfileSet);
  const preferences = memo<Preferences>(getPreferences);
  // A change drops the memo; a read in flight during the change is not kept.
  connectionItem.watch(() => profiles.forget());
  preferencesItem.watch(() => preferences.forget());
  return {
    invalidate() {
      profiles.forget();
      preferences.forget();
    },
    getConnection: async () => connectionOf(activeProfile(await profiles.get())),
    async getProfileConnection(id) {
      const profile = (await profiles.get()).profiles.find((p) => p.id === id);
      return profile === undefined ? null : connectionOf(profile);
    },
    getPreferences: () => preferences.get(),
    getProfileSet: () => profiles.get(),
  };
}
