/**
 * The real service as the demo runs it: data in a temporary folder, short
 * links on https://acme.link (its publicUrl, the one setting that names the
 * short host), location read from the trusted geo headers a proxy would set,
 * page titles read from the demo web (./demo-site.ts), and a clock the demo
 * can set back, so the workspace's links and clicks are made over past weeks
 * by the service's own code (its `now`, the seam its tests use).
 */
import { join } from 'node:path';
import { DEFAULT_CONFIG } from '../../server/config';
import { openDatabase } from '../../server/db/open';
import { createToken } from '../../server/http/auth';
import { createMetadataFetcher } from '../../server/metadata/fetcher';
import { startServer, type RunningServer } from '../../server/start';
import { SHORT_HOST } from './demo-pages';

export const DEMO_WORKSPACE = 'acme';

/** Location headers the service trusts, as the proxy in front of it would set them. */
export const DEMO_GEO_HEADERS = { country: 'x-demo-country', state: 'x-demo-state', city: 'x-demo-city' } as const;

export interface DemoService {
  service: RunningServer;
  token: string;
  /** The service's clock: `set(ms)` moves it to that time, `set(null)` back to the real one. */
  clock: { set(at: number | null): void };
  close(): Promise<void>;
}

export async function startDemoService(dir: string, siteFetch: typeof fetch): Promise<DemoService> {
  const db = await openDatabase(join(dir, 'data'));
  let fixed: number | null = null;
  const service = await startServer(
    { ...DEFAULT_CONFIG, port: 0, publicUrl: `https://${SHORT_HOST}`, dataDir: join(dir, 'data'), geoHeaders: { ...DEMO_GEO_HEADERS }, trustDomains: true, logLevel: 'warn' },
    {
      db,
      // allowPrivate: the demo web's fetch answers in process; no address is looked up.
      metadata: createMetadataFetcher(db, { allowPrivate: true, fetch: siteFetch, log: () => undefined }),
      now: () => new Date(fixed ?? Date.now()),
    },
  );
  const token = await createToken(db, DEMO_WORKSPACE, 'demo');
  return {
    service,
    token,
    clock: {
      set(at) {
        fixed = at;
      },
    },
    async close() {
      await service.close();
      await db.close();
    },
  };
}
