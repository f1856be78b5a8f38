/**
 * The extension's settings, typed from one defaults object. Everything lives in
 * `local:` storage: the token must never reach sync storage (DESIGN.md,
 * Security), and splitting the connection across areas would let half of it
 * sync to another browser.
 */
import * as v from 'valibot';
import { storage } from 'wxt/utils/storage';
import { IdSchema, type KeywordType } from './api/schemas';

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
  },
};

export type Connection = typeof SETTINGS_DEFAULTS.connection;
export type Preferences = typeof SETTINGS_DEFAULTS.preferences;

export const connectionItem = storage.defineItem<Connection>('local:connection', {
  fallback: Object.freeze({ ...SETTINGS_DEFAULTS.connection }),
  version: 1,
});

export const preferencesItem = storage.defineItem<Preferences>('local:preferences', {
  fallback: Object.freeze({ ...SETTINGS_DEFAULTS.preferences }),
  version: 1,
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

export type ConnectionErrors = Partial<Record<keyof Connection, string>>;
export type ConnectionVerdict = { ok: true; value: Connection } | { ok: false; errors: ConnectionErrors };

/**
 * Checks what the user typed in Options and returns it normalised (trimmed,
 * base URL without trailing slashes), or one message per bad field.
 */
export function validateConnection(input: { baseUrl: string; token: string; workspaceId: string }): ConnectionVerdict {
  const errors: ConnectionErrors = {};
  const baseUrl = normaliseBaseUrl(input.baseUrl);
  if (typeof baseUrl !== 'string') errors.baseUrl = baseUrl.error;

  const token = input.token.trim();
  if (token === '') errors.token = 'Enter the token the service gave you.';
  else if (/\s/.test(token)) errors.token = 'The token cannot contain spaces or line breaks.';

  const workspaceId = input.workspaceId.trim();
  const id = v.safeParse(IdSchema, workspaceId);
  if (workspaceId === '') errors.workspaceId = 'Enter the workspace id.';
  else if (!id.success) errors.workspaceId = `The workspace id ${id.issues[0].message}.`;

  if (typeof baseUrl !== 'string' || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { baseUrl, token, workspaceId } };
}

export function isConfigured(conn: Connection): boolean {
  return validateConnection(conn).ok;
}

/** Validates and stores the connection; returns the field errors instead when it is not valid. */
export async function saveConnection(input: Connection): Promise<ConnectionVerdict> {
  const verdict = validateConnection(input);
  if (verdict.ok) await connectionItem.setValue(verdict.value);
  return verdict;
}

function normaliseBaseUrl(raw: string): string | { error: string } {
  const trimmed = raw.trim();
  if (trimmed === '') return { error: 'Enter the base URL of the service, e.g. https://short.example.com/api.' };
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return { error: 'The base URL must be a full address starting with http:// or https://.' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { error: 'The base URL must start with http:// or https://.' };
  }
  if (url.username !== '' || url.password !== '') {
    return { error: 'The base URL cannot contain a user name or password: put the token in its own field.' };
  }
  if (url.search !== '' || url.hash !== '') return { error: 'The base URL cannot contain "?" or "#".' };
  return url.href.replace(/\/+$/, '');
}
