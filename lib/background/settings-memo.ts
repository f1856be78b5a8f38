/**
 * The connection and preferences, read from storage once per worker life
 * and again only after they change. A new link costs several settings reads
 * (the shortener, its client, the token getter, the handler): each is an
 * IPC to the browser, which the popup timing bench showed adding up.
 */
import {
  connectionItem,
  getConnection,
  getPreferences,
  preferencesItem,
  type Connection,
  type Preferences,
} from '../settings';

export interface SettingsSource {
  getConnection(): Promise<Connection>;
  getPreferences(): Promise<Preferences>;
  /**
   * Forget both now. The background calls it after writing settings itself:
   * storage's change event arrives later, and a replay started right after a
   * Save must already use the new token.
   */
  invalidate(): void;
}

/** Call in the background's `main`: it watches storage. */
export function createSettingsMemo(): SettingsSource {
  let connection: Promise<Connection> | null = null;
  let preferences: Promise<Preferences> | null = null;
  // A change drops the memo; a read in flight during the change is not kept.
  connectionItem.watch(() => {
    connection = null;
  });
  preferencesItem.watch(() => {
    preferences = null;
  });
  return {
    invalidate() {
      connection = null;
      preferences = null;
    },
    getConnection() {
      const read = (connection ??= getConnection());
      read.catch(() => {
        if (connection === read) connection = null;
      });
      return read;
    },
    getPreferences() {
      const read = (preferences ??= getPreferences());
      read.catch(() => {
        if (preferences === read) preferences = null;
      });
      return read;
    },
  };
}
