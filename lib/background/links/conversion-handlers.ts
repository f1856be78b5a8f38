/**
 * The side panel's lead and sale messages (lib/conversions/record.ts does the
 * work), refused early when the browser forbids contacting the service, as a
 * shorten is (handlers.ts).
 */
import type { ConversionOutcome, Conversions } from '../../conversions/record';
import type { Handlers } from '../dispatcher';
import type { Reach } from '../reach-service';

export interface ConversionHandlerDeps {
  conversions: Conversions;
  /** The active profile, bound, or why not (reach-service.ts). */
  reach: () => Promise<Reach>;
}

export function createConversionHandlers(deps: ConversionHandlerDeps): Pick<Handlers, 'recordLead' | 'recordSale'> {
  /** Only the grant refuses here: the conversions word "not configured" themselves. */
  async function checked(record: () => Promise<ConversionOutcome>): Promise<ConversionOutcome> {
    const r = await deps.reach();
    if ('refused' in r && r.refused.status === 'error') return r.refused;
    return record();
  }
  return {
    recordLead: (request) => checked(() => deps.conversions.recordLead(request)),
    recordSale: (request) => checked(() => deps.conversions.recordSale(request)),
  };
}
