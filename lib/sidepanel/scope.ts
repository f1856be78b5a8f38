/**
 * The profile's scope (service address and workspace) for the side panel,
 * read straight from storage.local. lib/storage/settings.ts would bring WXT's storage
 * wrapper and, through its connection rules, every API schema (valibot) into
 * the panel's first load, for one read.
 *
 * Only lib/storage/settings.ts writes the profiles, and only once each passed
 * validateConnection, so the active profile with every field set is a valid
 * one; a missing or partial record means "not set up". The record is the
 * profile set (lib/storage/profiles.ts); a single connection left by an older version
 * is read as it was, until the background's migration rewrites it.
 */
import { browser } from '../browser/native-api';
import { CONNECTION_KEY, localName, type LinkScope } from '../storage/keys';

const KEY = localName(CONNECTION_KEY);

const text = (record: Record<string, unknown>, key: string) => {
  const value = record[key];
  return typeof value === 'string' && value !== '' ? value : null;
};

export async function readScope(): Promise<LinkScope | null> {
  const stored: unknown = (await browser.storage.local.get(KEY))[KEY];
  if (typeof stored !== 'object' || stored === null) return null;
  const set = stored as Record<string, unknown>;
  const active: unknown = Array.isArray(set.profiles)
    ? (set.profiles as unknown[]).find((p) => typeof p === 'object' && p !== null && (p as Record<string, unknown>).id === set.activeId)
    : set;
  if (typeof active !== 'object' || active === null) return null;
  const record = active as Record<string, unknown>;
  const baseUrl = text(record, 'baseUrl');
  const token = text(record, 'token');
  const workspaceId = text(record, 'workspaceId');
  return baseUrl === null || token === null || workspaceId === null ? null : { baseUrl, workspaceId };
}

/**
 * Calls `changed` once the active profile's scope (service or workspace)
 * differs from the one the panel opened with: another profile chosen in the
 * options or the popup, or the connection edited. What the panel shows then
 * belongs to another workspace. A token saved again for the same scope
 * changes nothing. `read`: readScope, as the page has it (the panel's first
 * script carries it, lib/sidepanel/early-start.ts, so the page's modules
 * need no second copy). `openedWith`: the scope the page opened with, when
 * it has read it already (one storage read fewer). Returns the function that
 * stops watching. (Kept small: it is part of the panel's first load.)
 */
export function watchScope(changed: () => void, read: () => Promise<LinkScope | null>, openedWith: Promise<LinkScope | null> = read()): () => void {
  const id = (scope: LinkScope | null) => (scope ? `${scope.baseUrl} ${scope.workspaceId}` : '');
  const opened = openedWith.then(id);
  let watching = true;
  const onChanged = (changes: Record<string, unknown>, area: string) => {
    if (area === 'local' && KEY in changes) {
      void Promise.all([opened, read().then(id)]).then(([was, now]) => {
        if (watching && was !== now) {
          watching = false;
          changed();
        }
      });
    }
  };
  browser.storage.onChanged.addListener(onChanged);
  return () => {
    watching = false;
    browser.storage.onChanged.removeListener(onChanged);
  };
}
