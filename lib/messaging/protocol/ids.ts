/**
 * The ids a page sends to name what a message acts on, one schema per kind.
 * Answers carry ids as plain strings: a stricter rule there would refuse a
 * whole answer (a list, the popup's first frame) over one odd id.
 */
import * as v from 'valibot';
import { Text } from './fields';

/** The service's id of a link; its own rule (lib/contract/schemas/common.ts, IdSchema) is 1 to 100 characters. */
export const LinkIdSchema = v.pipe(Text(100), v.minLength(1));

/** The service's id of a custom domain, bounded as a link's. */
export const DomainIdSchema = v.pipe(Text(100), v.minLength(1));

/** A profile's id, made by the extension when the profile is first saved; the handler looks it up. */
export const ProfileIdSchema = Text(200);

/** A queued item's id, made by the queue when it stores the item; the handler looks it up. */
export const QueueItemIdSchema = Text(200);

/** The key a page makes for a create it may send twice (docs/design.md, Idempotency). */
export const IdempotencyKeySchema = v.pipe(Text(100), v.minLength(1));
