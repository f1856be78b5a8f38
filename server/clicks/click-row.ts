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
}
