import { FIELDS, type ClickBatch } from './click-batch';
import { createReferrerCache, locationLabel } from './sanitize';
import { createUserAgentCache, type UserAgentLabels } from './user-agent';
import type { ClickRow } from './click-row';

/**
 * Labels a batch from the hand-off (click-batch.ts) as stored rows. Each
 * distinct string of the batch is labelled once, then every click reuses it;
 * User-Agent and referrer parsing are also cached across batches.
 */
export function createBatchLabeller(): (batch: ClickBatch) => ClickRow[] {
  const labelsOf = createUserAgentCache();
  const referrerOf = createReferrerCache();
  return ({ strings, at, refs, bots }) => {
    const agents: (UserAgentLabels | undefined)[] = [];
    const referrers: (string | undefined)[] = [];
    const places: (string | undefined)[] = [];
    const place = (i: number): string => (places[i] ??= locationLabel(strings[i]));
    const rows: ClickRow[] = [];
    for (let n = 0; n < at.length; n += 1) {
      const base = n * FIELDS;
      const ua = refs[base + 1] as number;
      const referrer = refs[base + 2] as number;
      const labels = (agents[ua] ??= labelsOf(strings[ua] as string));
      const row: ClickRow = {
        linkId: strings[refs[base] as number] as string,
        atMs: at[n] as number,
        browser: labels.browser,
        device: labels.device,
        platform: labels.platform,
        country: place(refs[base + 3] as number),
        state: place(refs[base + 4] as number),
        city: place(refs[base + 5] as number),
        referrer: (referrers[referrer] ??= referrerOf(strings[referrer] as string)),
      };
      // Only on bots' rows: a person's row keeps the shape every other ClickRow has.
      if (bots[n] === 1) row.bot = true;
      rows.push(row);
    }
    return rows;
  };
}
