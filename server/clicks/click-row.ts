/**
 * One click, labelled and cleaned, as it is stored. A file of its own: the
 * batch writers of both databases, the rollups and the analytics share it
 * without importing one another.
 */
export interface ClickRow {
  linkId: string;
  /** Epoch milliseconds, UTC. */
  atMs: number;
  browser: string;
  device: string;
  platform: string;
  country: string;
  state: string;
  city: string;
  referrer: string;
  /** A visit by a known bot (recorder-port.ts): a raw row with its flag, in no rollup. Absent: a person. */
  bot?: boolean;
}

/**
 * Whether two rows carry the same link and labels (times aside). The batch
 * labeller gives equal labels the same string, and consecutive clicks mostly
 * share them: the writers then reuse the previous row's keys and label ids
 * instead of building them again for every click.
 */
export function sameLabels(a: ClickRow, b: ClickRow): boolean {
  return (
    a.linkId === b.linkId && a.browser === b.browser && a.device === b.device && a.platform === b.platform &&
    a.referrer === b.referrer && a.country === b.country && a.state === b.state && a.city === b.city
  );
}
