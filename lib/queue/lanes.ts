/**
 * Which queued items must reach the service one after the other, in the
 * order they were made: those about the same thing, in the same profile. A
 * replay sends items of different lanes at once and the items of one lane
 * one at a time; an item of a lane that must wait holds back the rest of
 * that lane, never the others.
 *
 * - Changes to one link (tags, delete), and the tags step of a link already
 *   made (`progress`): PATCH replaces the tag set, so two in flight could
 *   land in either order, and a delete must not be overtaken.
 * - A custom keyword on a domain: the first to ask for it gets it.
 * - Everything else (a new link with a random keyword, a tag, a lead or a
 *   sale) depends on nothing queued before it: a lane of its own.
 *
 * Compound work (create, then tag) is one item: its steps are already in
 * order inside its handler (./handlers.ts).
 */
import type { QueueItem } from './types';

/**
 * Which profile and address an item belongs to, for grouping; '' for items
 * from before profiles (the active one). The address too: items of one
 * profile made before and after it was pointed elsewhere go to different
 * places (or, the older ones, nowhere), so they never share a client.
 */
export function profileKey(item: QueueItem): string {
  return item.profile === undefined ? '' : `${item.profile.id} ${item.profile.baseUrl}`;
}

export function laneOf(item: QueueItem): string {
  const profile = profileKey(item);
  switch (item.kind) {
    case 'create-link': {
      if (item.progress !== null) return `${profile} link ${item.progress.linkId}`;
      const { body } = item.payload;
      if (body.keywordType === 'CUSTOM' && body.keyword) return `${profile} keyword ${body.customDomain ?? ''} ${body.keyword}`;
      return `${profile} item ${item.id}`;
    }
    case 'update-link':
      return `${profile} link ${item.payload.linkId}`;
    case 'create-tag':
    case 'track-lead':
    case 'track-sale':
      return `${profile} item ${item.id}`;
  }
}
