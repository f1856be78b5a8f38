import type { Context, Handler } from 'hono';
import type * as v from 'valibot';
import { assertWorkspace } from '../http/auth';
import type { ApiEnv, AuthInfo } from '../http/env';
import { idempotencyScope, readIdempotencyKey, type IdempotencyScope, type IdempotencyStore } from '../http/idempotency';
import { readJson } from '../http/validate';

/** A body schema of a mutating route: every one names the workspace it changes. */
type WorkspaceSchema = v.GenericSchema<unknown, { workspaceId: string }>;

/** What a mutating route's handler gets once the request has passed the preamble. */
interface Mutation<TBody> {
  body: TBody;
  auth: AuthInfo;
  /** Passed to `idempotency.commit` so the answer is stored with the write. */
  scope: IdempotencyScope;
}

/**
 * The preamble every POST and PATCH of the API runs, in this order (a client
 * sees the first problem): the Idempotency-Key's form, the JSON body against
 * `schema`, the token's grant on the body's workspace, and then, when the key
 * was used before for this very request, its stored answer is replayed and
 * `run` is not called at all.
 */
export function mutatingRoute<TSchema extends WorkspaceSchema>(
  idempotency: IdempotencyStore,
  schema: TSchema,
  run: (c: Context<ApiEnv>, mutation: Mutation<v.InferOutput<TSchema>>) => Response | Promise<Response>,
): Handler<ApiEnv> {
  return async (c) => {
    const key = readIdempotencyKey(c);
    const { body, fingerprint, legacyFingerprint } = await readJson(c, schema);
    const auth = assertWorkspace(c, body.workspaceId);
    const scope = idempotencyScope(c, key, body.workspaceId, fingerprint, legacyFingerprint);
    const replayed = await idempotency.replay(c, scope);
    if (replayed) return replayed;
    return run(c, { body, auth, scope });
  };
}
