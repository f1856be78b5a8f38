/**
 * The whole demo world in one call, for `npm run screens` and `npm run
 * store`: the demo web and its certificate, the service behind its front on
 * acme.link, and the seeded workspace (./demo-workspace.ts), all in a
 * temporary folder that `close` removes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeDemoCert } from './demo-cert';
import { startDemoFront, type DemoFront } from './demo-front';
import { demoHosts } from './demo-pages';
import { startDemoService, type DemoService } from './demo-service';
import { startDemoSite, type DemoSite } from './demo-site';
import { makeDemoWorkspace, type DemoWorkspace } from './demo-workspace';

export interface DemoWorld {
  dir: string;
  site: DemoSite;
  demo: DemoService;
  front: DemoFront;
  workspace: DemoWorkspace;
  close(): Promise<void>;
}

export async function startDemoWorld(prefix: string): Promise<DemoWorld> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const cert = makeDemoCert(dir, demoHosts());
  const site = await startDemoSite(cert);
  const demo = await startDemoService(dir, site.fetch);
  const front = await startDemoFront(cert, demo.service.url);
  const workspace = await makeDemoWorkspace(demo);
  return {
    dir,
    site,
    demo,
    front,
    workspace,
    async close() {
      await front.close();
      await demo.close();
      await site.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
