/**
 * The client a queued item is sent with: the service and token of the
 * profile it was made under, not of whichever profile is active when it
 * replays (a switch between queueing and replay must not send workspace A's
 * link to workspace B's service with B's token).
 */
import type { ApiClient } from '../api/client';
import { FinalFailure } from '../queue/handlers';
import type { QueueProfile } from '../queue/types';
import type { Connection } from '../storage/settings';
import { bindClient } from './reach-service';

export interface ProfileClientDeps {
  /** The active profile's connection, for items queued before profiles existed. */
  getConnection: () => Promise<Connection>;
  getProfileConnection: (id: string) => Promise<Connection | null>;
  fetch?: typeof fetch;
}

/** The queue's failure code for an item whose profile no longer exists (pages word it, lib/i18n/describe-error.ts). */
export const PROFILE_DELETED = 'PROFILE_DELETED';

export function createProfileClients(deps: ProfileClientDeps): (profile?: QueueProfile) => Promise<ApiClient> {
  const opts = { readProfile: deps.getProfileConnection, fetch: deps.fetch };
  return async (profile) => {
    // An item from before profiles: the profile active now, bound for this pass like any other.
    if (profile === undefined) return bindClient(await deps.getConnection(), opts);
    const conn = await deps.getProfileConnection(profile.id);
    // Never sent elsewhere: the item waits in the failed list, where the user sees it.
    if (conn === null) throw new FinalFailure(PROFILE_DELETED);
    return bindClient(conn, opts);
  };
}
