/**
 * Options' connection messages: read settings, save the shortening defaults,
 * and test a connection (saved or not) against the service.
 */
import { browser } from 'wxt/browser';
import { ApiError, ServiceError } from '../../api/errors';
import { originPatternOf } from '../../browser/host-permission';
import { defaultDomainOf } from '../../storage/default-domain';
import { tagsToSend } from '../links/tags';
import { createPermissionMemo, type PermissionMemo } from './permission-memo';
import type { AnswerOf, PreferencesView } from '../../messaging/send-message';
import type { Handlers } from '../dispatcher';
import { reachService } from '../reach-service';
import type { SettingsSource } from './settings-memo';
import {
  getConnection,
  getPreferences,
  getProfileConnection,
  setPreferences,
  type Connection,
} from '../../storage/settings';

let permissions: PermissionMemo | undefined;

export async function hasHostPermission(baseUrl: string): Promise<boolean> {
  const pattern = originPatternOf(baseUrl);
  if (pattern === null) return false;
  permissions ??= createPermissionMemo(browser.permissions);
  return permissions.contains(pattern);
}

async function getSettingsView(): Promise<AnswerOf<'getSettings'>> {
  const [conn, prefs] = await Promise.all([getConnection(), getPreferences()]);
  const configured = conn.baseUrl !== '' || conn.token !== '' || conn.workspaceId !== '';
  return {
    connection: configured ? { baseUrl: conn.baseUrl, token: conn.token, workspaceId: conn.workspaceId } : null,
    preferences: { ...prefs, defaultDomain: prefs.defaultDomain ?? '' },
  };
}

/**
 * `listed`: the workspace's tags as the service last listed them; one ticked
 * from there is kept as it came, whatever it holds (lib/tags/sendable-tags.ts).
 */
export async function savePreferencesFromPage(input: PreferencesView, listed: readonly string[] = []): Promise<AnswerOf<'savePreferences'>> {
  // The page offers only the workspace's set-up domains and checks each typed tag as it is added; this refuses a page that did not.
  const domain = defaultDomainOf(input.defaultDomain);
  if (!domain.ok) throw new Error('The default domain is not a domain name');
  const tags = tagsToSend(input.defaultTags, listed);
  if (!tags.ok) throw new Error('Default tags break the tag rules');
  await setPreferences({ ...input, defaultDomain: domain.value, defaultTags: tags.tags });
  return { ok: true };
}

/**
 * Lists one link of the saved workspace: the cheapest call that proves the
 * address, the token and the workspace grant all at once.
 */
async function testConnection(profileId?: string): Promise<AnswerOf<'testConnection'>> {
  const conn = profileId === undefined ? await getConnection() : await getProfileConnection(profileId);
  return probeConnection(conn ?? { baseUrl: '', token: '', workspaceId: '' });
}

/** The test of one connection, saved or not (a profile is checked before it is stored). */
export async function probeConnection(conn: Connection): Promise<AnswerOf<'testConnection'>> {
  // The token of the connection under test as given (a profile not saved yet, or not the active one).
  const reached = await reachService(conn, { hasHostPermission });
  if ('refused' in reached) return { ok: false, problem: reached.refused.status === 'not-configured' ? 'not-configured' : 'no-permission' };
  try {
    const page = await reached.client.listLinks({ workspaceId: conn.workspaceId, pageSize: 1 });
    return { ok: true, workspaceId: conn.workspaceId, linkCount: page.pageInfo.totalCount };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    switch (error.kind) {
      case 'network':
        return { ok: false, problem: 'unreachable' };
      case 'timeout':
        return { ok: false, problem: 'timeout' };
      case 'unauthorized':
        return { ok: false, problem: 'refused-token' };
      case 'invalid-response':
        return { ok: false, problem: 'invalid-response' };
      default:
        if (error instanceof ServiceError && error.code === 'WORKSPACE_NOT_GRANTED') {
          return { ok: false, problem: 'workspace-not-granted' };
        }
        // A 404 for the route itself: the base URL is not the API's (e.g. /api is missing).
        if (error.status === 404) return { ok: false, problem: 'invalid-response' };
        return { ok: false, problem: 'service-error', message: error.message };
    }
  }
}

/** The connection messages; a save here is seen by the background's memo at once, not when storage's event arrives. */
export function createConnectionHandlers(
  settings: Pick<SettingsSource, 'invalidate'>,
  /** The active workspace's tags as the service last listed them. */
  listedTags: () => Promise<readonly string[]> = async () => [],
): Pick<Handlers, 'getSettings' | 'savePreferences' | 'testConnection'> {
  return {
    getSettings: () => getSettingsView(),
    savePreferences: async (input) => {
      const answer = await savePreferencesFromPage(input, await listedTags());
      settings.invalidate();
      return answer;
    },
    testConnection: ({ profileId }) => testConnection(profileId),
  };
}
