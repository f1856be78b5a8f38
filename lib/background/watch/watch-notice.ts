/**
 * The one notification the watch gives: a link people clicked in the last
 * 7 days has just become gone or failing. It names the short link (as the
 * service listed it, or as this browser knows it), else the destination.
 */
import { t } from '../../i18n/catalogue';
import type { LinkCache } from '../../storage/links';
import type { LinkScope } from '../../storage/keys';
import type { WatchRecord } from '../../watch/watch-record';
import { watchReasonText, watchStateText } from '../../watch/watch-text';
import { notify } from '../notify';

export async function tellBroken(record: WatchRecord, cache: Pick<LinkCache, 'known'>, scope: () => Promise<LinkScope>): Promise<void> {
  const known = record.shortUrl === undefined ? await cache.known(await scope(), { waitForWrites: false }).catch(() => []) : [];
  const name = record.shortUrl ?? known.find((l) => l.linkId === record.linkId)?.shortUrl ?? record.url;
  // One id per link: a second notice for the same link replaces the first rather than stacking.
  await notify(`shortlink-watch-${record.linkId}`, 'watchNotifyTitle', t('watchNotifyMessage', name, watchStateText(record.state), watchReasonText(record.reason)));
}
