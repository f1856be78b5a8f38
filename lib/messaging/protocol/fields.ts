/** The pieces every resource's messages are built from. */
import * as v from 'valibot';
import { KEYWORD_TYPES } from '../../contract/schemas/link';

// Generous bounds: the real rules (URL, keyword, token) are applied by the
// handlers with their own codes; these only stop absurd payloads.
export const Text = (max: number) => v.pipe(v.string(), v.maxLength(max));

/** A message that needs nothing but its name. */
export const Empty = v.strictObject({});

/** A list's next page, as the service counts it: the zero-based offset of its first item. */
export const Cursor = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1_000_000_000));

/**
 * How a new link's keyword is made: links, the popup's first frame, the
 * preferences and the settings file all carry it.
 */
export const KeywordTypeSchema = v.picklist(KEYWORD_TYPES);

/** Every member once: a Record makes tsc fail when a union gains a member the caller does not list. */
export const keysOf = <K extends string>(members: Record<K, true>) => Object.keys(members) as [K, ...K[]];
