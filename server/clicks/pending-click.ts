import type { VisitInfo } from '../context';
import { createReferrerCache, locationLabel } from './sanitize';
import { createUserAgentCache } from './user-agent';
import type { ClickRow } from './write-batch';

/** A visit as buffered: plain strings, cheap to keep and to post to a worker. */
export type PendingClick = VisitInfo;

/** Labels buffered visits as stored rows; User-Agent and referrer parsing are cached. */
export function createClickLabeller(): (click: PendingClick) => ClickRow {
  const labelsOf = createUserAgentCache();
  const referrerOf = createReferrerCache();
  return (click) => ({
    linkId: click.linkId,
    atMs: click.at,
    ...labelsOf(click.userAgent),
    country: locationLabel(click.country),
    state: locationLabel(click.state),
    city: locationLabel(click.city),
    referrer: referrerOf(click.referrer),
  });
}
