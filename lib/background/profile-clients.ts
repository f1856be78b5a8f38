/**
 * The client a queued item is sent with: the service and token of the
 * profile it was made under, not of whichever profile is active when it
 * replays (a switch between queueing and replay must not send workspace A's
 * link to workspace B's service with B's token).
 */
import { createApiClient, type ApiClient } from '../api/client';
import { FinalFailure } from '../queue/handlers';
import type { QueueProfile } from '../queue/types';
import type { Connection } from '../storage/settings';

export interface ProfileClientDeps {
  /** The active profile's connection, for items queued before profiles existed. */
  getConnection: () => Promise<Connection>;
  getProfileConnection: (id: string) => Promise<Connection | null>;
  fetch?: typeof fetch;
}

/** The queue's failure code for an item whose profile no longer exists (pages word it, lib/i18n/describe-error.ts). */
export const PROFILE_DELETED = 'PROFILE_DELETED';

export function createProfileClients(deps: ProfileClientDeps): (profile?: QueueProfile) => Promise<ApiClient> {
  return async (profile) => {
    if (profile === undefined) {
      const conn = await deps.getConnection();
      return createApiClient({ baseUrl: conn.baseUrl, getToken: async () => (await deps.getConnection()).token, fetch: deps.fetch });
    }
    const conn = await deps.getProfileConnection(profile.id);
    // Never sent elsewhere: the item waits in the failed list, where the user sees it.
    if (conn === null) throw new FinalFailure(PROFILE_DELETED);
    // The token is read per request, so a token fixed in Options applies at once.
    const getToken = async () => (await deps.getProfileConnection(profile.id))?.token ?? '';
    return createApiClient({ baseUrl: conn.baseUrl, getToken, fetch: deps.fetch });
  };
}
