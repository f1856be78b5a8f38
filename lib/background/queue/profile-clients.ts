/**
 * The client a queued item is sent with: the service and token of the
 * profile it was made under, not of whichever profile is active when it
 * replays (a switch between queueing and replay must not send workspace A's
 * link to workspace B's service with B's token). And only to the address it
 * was made for (docs/design.md, Security): once its profile points elsewhere, the
 * item waits in the failed list saying so, where the user can point the
 * profile back and retry, or discard it.
 */
import type { ApiClient } from '../../api/client';
import { PROFILE_DELETED, PROFILE_REPOINTED } from '../../queue/queue-error-text';
import { FinalFailure } from '../../queue/handlers';
import type { QueueProfile } from '../../queue/types';
import type { Connection } from '../../storage/settings';
import { retentionKey } from '../../storage/idempotency-retention';
import { bindClient } from '../reach-service';

export interface ProfileClientDeps {
  /** The active profile's connection, for items queued before profiles existed. */
  getConnection: () => Promise<Connection>;
  getProfileConnection: (id: string) => Promise<Connection | null>;
  fetch?: typeof fetch;
  /**
   * The service of an item's profile said how long it keeps answers for
   * idempotency keys: `key` is lib/storage/idempotency-retention.ts's entry.
   */
  onRetention?: (key: string, seconds: number) => void;
}

/** Where an address is, as the user knows it: its host, or the whole address when two differ only past the host. */
function placesOf(made: string, now: string): [string, string] {
  const [a, b] = [new URL(made).host, new URL(now).host];
  return a === b ? [made, now] : [a, b];
}

export function createProfileClients(deps: ProfileClientDeps): (profile?: QueueProfile) => Promise<ApiClient> {
  const opts = { readProfile: deps.getProfileConnection, fetch: deps.fetch };
  const told = (key: string) => (deps.onRetention === undefined ? {} : { onRetention: (seconds: number) => deps.onRetention?.(key, seconds) });
  return async (profile) => {
    // An item from before profiles: the profile active now, bound for this pass like any other.
    if (profile === undefined) {
      const active = await deps.getConnection();
      return bindClient(active, { ...opts, ...told(retentionKey(undefined, active.baseUrl)) });
    }
    const conn = await deps.getProfileConnection(profile.id);
    // Never sent elsewhere: the item waits in the failed list, where the user sees it.
    if (conn === null) throw new FinalFailure(PROFILE_DELETED);
    if (conn.baseUrl !== profile.baseUrl) throw new FinalFailure(PROFILE_REPOINTED, placesOf(profile.baseUrl, conn.baseUrl));
    return bindClient(conn, { ...opts, ...told(retentionKey(profile)) });
  };
}
