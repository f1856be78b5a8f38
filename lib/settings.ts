/**
 * The extension's settings, typed from one defaults object. Everything lives in
 * `local:` storage: the token must never reach sync storage (DESIGN.md,
 * Security), and splitting the connection across areas would let half of it
 * sync to another browser.
 *
 * Each setting is a WXT storage item with a version and its migrations from
 * day one: a value written by this version is readable by the next, which
 * bumps `version` and adds the step from this shape to its own
 * (test/unit/settings-migration.test.ts). A new field with a default needs no
 * migration: reads fill missing fields from SETTINGS_DEFAULTS.
 */
import { storage, type WxtStorageItemOptions } from 'wxt/utils/storage';
import type { KeywordType } from './api/schemas';
import { validateConnection, type ConnectionVerdict } from './connection-rules';
import { CONNECTION_STORAGE_KEY } from './settings-keys';

export const SETTINGS_DEFAULTS = {
  connection: {
    /** Where the API lives, e.g. `http://127.0.0.1:8787/api`; stored without trailing slashes. */
    baseUrl: '',
    token: '',
    workspaceId: '',
  },
  preferences: {
    /** Shorten the current tab as soon as the popup opens. */
    autoShorten: true,
    copyToClipboard: true,
    keywordType: 'HASH' as KeywordType,
    /** A set-up custom domain of the workspace, or null for the service's own short domain. */
    defaultDomain: null as string | null,
    /** Notify when a queued shorten finishes in the background. */
    notifyQueued: true,
    /** Tags put on every new link (popup, context menu, keyboard); checked by lib/api/tag-name.ts when saved. */
    defaultTags: [] as string[],
  },
};

export type Connection = typeof SETTINGS_DEFAULTS.connection;
export type Preferences = typeof SETTINGS_DEFAULTS.preferences;

/** The stored shape's version of each item, and the steps that bring older values to it (none yet). */
export const SETTINGS_VERSION = 1;
const CONNECTION_MIGRATIONS: NonNullable<WxtStorageItemOptions<Connection>['migrations']> = {};
export const PREFERENCES_MIGRATIONS: NonNullable<WxtStorageItemOptions<Preferences>['migrations']> = {};

export const connectionItem = storage.defineItem<Connection>(CONNECTION_STORAGE_KEY, {
  fallback: Object.freeze({ ...SETTINGS_DEFAULTS.connection }),
  version: SETTINGS_VERSION,
  // Present (even empty) so WXT records the version with the first write and runs steps added later.
  migrations: CONNECTION_MIGRATIONS,
});

export const preferencesItem = storage.defineItem<Preferences>('local:preferences', {
  fallback: Object.freeze({ ...SETTINGS_DEFAULTS.preferences }),
  version: SETTINGS_VERSION,
  migrations: PREFERENCES_MIGRATIONS,
});

/** Reads the connection with every field present, even if an older write left one out. */
export async function getConnection(): Promise<Connection> {
  return { ...SETTINGS_DEFAULTS.connection, ...(await connectionItem.getValue()) };
}

export async function getPreferences(): Promise<Preferences> {
  return { ...SETTINGS_DEFAULTS.preferences, ...(await preferencesItem.getValue()) };
}

export async function setPreferences(patch: Partial<Preferences>): Promise<Preferences> {
  const next = { ...(await getPreferences()), ...patch };
  await preferencesItem.setValue(next);
  return next;
}

export function isConfigured(conn: Connection): boolean {
  return validateConnection(conn).ok;
}

/** Validates and stores the connection; returns the field problems instead when it is not valid. */
export async function saveConnection(input: Connection): Promise<ConnectionVerdict> {
  const verdict = validateConnection(input);
  if (verdict.ok) await connectionItem.setValue(verdict.value);
  return verdict;
}
