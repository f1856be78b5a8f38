/**
 * The one way the background reaches the service: a client bound to one
 * profile for its whole life (docs/design.md, Security: a request goes only where
 * it was made for), or the answer that says why the service cannot be asked.
 *
 * Bound, because an operation outlives the moment it read the settings: the
 * token used to be read from whichever profile was active when each request
 * left, so a switch in the middle of an operation sent profile B's token to
 * profile A's address.
 */
import { createApiClient, type ApiClient } from '../api/client';
import { NO_HOST_PERMISSION } from '../i18n/describe-error';
import { isConfigured, type Connection } from '../storage/settings';

export interface BindOptions {
  /**
   * The profile as stored now, read per request, so a token fixed in Options
   * applies at once (a queue pass running meanwhile would otherwise pause on
   * the old one). Absent: the token given is the one sent (a profile under
   * test, not stored yet).
   */
  readProfile?: (id: string) => Promise<Connection | null>;
  fetch?: typeof fetch;
  /** The service said how long it keeps answers for idempotency keys (seconds). */
  onRetention?: (seconds: number) => void;
}

/** A client for `conn`'s address that sends only `conn`'s profile's token, whichever profile is active later. */
export function bindClient(conn: Connection, opts: BindOptions = {}): ApiClient {
  const { readProfile } = opts;
  const { profileId } = conn;
  const getToken =
    readProfile === undefined || profileId === undefined
      ? () => conn.token
      : async () => {
          const now = await readProfile(profileId);
          // Deleted, or pointed elsewhere since: its new token is not for this address.
          return now !== null && now.baseUrl === conn.baseUrl ? now.token : conn.token;
        };
  return createApiClient({ baseUrl: conn.baseUrl, getToken, fetch: opts.fetch, ...(opts.onRetention !== undefined ? { onRetention: opts.onRetention } : {}) });
}

export const NOT_CONFIGURED = { status: 'not-configured' } as const;

/** Without the grant every request fails like a network error (and would be queued forever): say what is wrong instead. */
export const NO_PERMISSION = {
  status: 'error',
  error: { kind: 'network', code: NO_HOST_PERMISSION, message: 'The browser has not granted access to the service.' },
} as const;

export type Refusal = typeof NOT_CONFIGURED | typeof NO_PERMISSION;

export type Reach = { conn: Connection; client: ApiClient } | { refused: Refusal };

export interface ReachOptions extends BindOptions {
  hasHostPermission: (baseUrl: string) => Promise<boolean>;
}

/** `conn` with a client bound to it, or why nothing can be asked of its service. */
export async function reachService(conn: Connection, opts: ReachOptions): Promise<Reach> {
  if (!isConfigured(conn)) return { refused: NOT_CONFIGURED };
  if (!(await opts.hasHostPermission(conn.baseUrl))) return { refused: NO_PERMISSION };
  return { conn, client: bindClient(conn, opts) };
}
