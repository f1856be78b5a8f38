/**
 * What a queued lead or sale is, in one line for the options page's queue:
 * `Record sale "purchase": $19.99`. Words from the catalogue, the amount as
 * money in the user's own format (lib/i18n/format.ts).
 */
import { t } from '../i18n/catalogue';
import { formatMoney, uiLocale } from '../i18n/format';
import type { QueueItemOf } from '../queue/types';

/** A queued lead or sale: the queue's item, or its view on the options page (lib/queue/view.ts). */
export type TrackingWork =
  | { kind: 'track-lead'; payload: Pick<QueueItemOf<'track-lead'>['payload'], 'eventName' | 'customerId'> }
  | { kind: 'track-sale'; payload: Pick<QueueItemOf<'track-sale'>['payload'], 'eventName' | 'amount' | 'currency'> };

export function trackingSubject(item: TrackingWork, locale = uiLocale()): string {
  if (item.kind === 'track-lead') return t('queueSubjectLead', item.payload.eventName, item.payload.customerId);
  const { eventName, amount, currency } = item.payload;
  return t('queueSubjectSale', eventName, amountText(amount, currency, locale));
}

function amountText(amount: number, currency: string, locale: string): string {
  try {
    return formatMoney(amount, currency, locale);
  } catch {
    // A payload that is not a valid amount (an old item, a bad write) is still shown, as it is.
    return `${amount} ${currency}`;
  }
}
