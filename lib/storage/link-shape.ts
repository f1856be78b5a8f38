/**
 * The one shape of a link in the extension: what the device keeps of it (the
 * link cache, with its workspace), what the background tells a page (the
 * same without the workspace), and the conversion from the wire's `Link`.
 * A field the side panel or the popup shows is added here, once: the schema
 * checks the background's answers (lib/messaging/protocol/links.ts), and the
 * types below follow it. Pages import the types only, never valibot.
 */
import * as v from 'valibot';
import type { Link } from '../contract/schemas';
import { toLinkView } from './link-view';

/** A link as pages show it: popup result and lists, side panel header and picker. */
export const LinkViewSchema = v.object({
  linkId: v.string(),
  shortUrl: v.string(),
  longUrl: v.string(),
  /** ISO 8601; the service's, or the local clock's for a link just made. */
  createdDate: v.string(),
  /** The destination's title, when the service found a non-blank one. */
  title: v.optional(v.string()),
  /** What the service last said; absent for a link just made. */
  clicks: v.optional(v.number()),
  tags: v.optional(v.array(v.string())),
});

export type LinkView = v.InferOutput<typeof LinkViewSchema>;

/** A link as the service's list gives it: the same shape, its clicks and tags always there. */
export const ListedLinkSchema = v.object({ ...LinkViewSchema.entries, clicks: v.number(), tags: v.array(v.string()) });

export type ListedLink = v.InferOutput<typeof ListedLinkSchema>;

/** What the device keeps: the view and the workspace it belongs to (which stays in the background). */
export type CachedLink = LinkView & { workspaceId: string };

/** The wire's link as the extension's. */
export function linkOfWire(link: Link): CachedLink & ListedLink {
  const title = link.destinationUrlMetaData.title?.trim();
  return {
    linkId: link._id,
    shortUrl: link.shortUrl,
    longUrl: link.longUrl,
    createdDate: link.createdDate,
    workspaceId: link.workspaceId,
    clicks: link.totalClicks,
    tags: [...link.tags],
    ...(title ? { title } : {}),
  };
}

/** A link of the service's list, as a page's row. */
export function listedOfWire(link: Link): ListedLink {
  return toLinkView(linkOfWire(link));
}
