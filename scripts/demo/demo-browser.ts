/**
 * Chromium for the demo: the built extension, the demo web's hosts and the
 * short host mapped to the local listeners (--host-resolver-rules), their
 * self-signed certificate accepted, and the extension connected to
 * https://acme.link/api. Each demo page is opened once so Chromium's own
 * favicon cache, which the extension's rows draw from, holds its icon.
 */
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { connectExtension, extensionCopyGranting, launchWithExtension, type LaunchedExtension } from '../chromium';
import { DEMO_PAGES, SHORT_HOST, demoHosts } from './demo-pages';
import { DEMO_WORKSPACE } from './demo-service';

export interface DemoPorts {
  /** The demo web's HTTPS listener (./demo-site.ts). */
  site: number;
  /** The short host's front (./demo-front.ts). */
  front: number;
}

/** The API base the extension is connected to. */
const DEMO_API_BASE = `https://${SHORT_HOST}/api`;

export function demoHostRules(ports: DemoPorts): string[] {
  return demoHosts().map((host) => `MAP ${host} 127.0.0.1:${host === SHORT_HOST ? ports.front : ports.site}`);
}

export interface DemoBrowserOptions {
  /** `hi-IN`: Chromium and the extension in Hindi. */
  locale?: string;
  /** Connected to the service with this token; left on the first run otherwise. */
  token?: string;
}

/** Launches Chromium in `dir` (its own profile and extension copy) for the demo. */
export async function launchDemoBrowser(dir: string, ports: DemoPorts, options: DemoBrowserOptions = {}): Promise<LaunchedExtension> {
  const extensionDir = extensionCopyGranting(dir, [`https://${SHORT_HOST}/*`]);
  const launched = await launchWithExtension(join(dir, 'profile'), extensionDir, true, {
    hostRules: demoHostRules(ports),
    args: ['--ignore-certificate-errors'],
    ...(options.locale === undefined ? {} : { locale: options.locale }),
  });
  await visitDemoPages(launched.context);
  if (options.token !== undefined) await connectDemoExtension(launched.context, options.token);
  return launched;
}

/** Connects the extension to the demo service as Save would (scripts/chromium.ts, connectExtension). */
export async function connectDemoExtension(context: BrowserContext, token: string): Promise<void> {
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  await connectExtension(worker, { baseUrl: DEMO_API_BASE, token, workspaceId: DEMO_WORKSPACE });
}

/** Opens every demo page once, so the browser's favicon cache and history know them as a user's would. */
async function visitDemoPages(context: BrowserContext): Promise<void> {
  const page = await context.newPage();
  for (const demo of DEMO_PAGES) {
    await page.goto(demo.url);
    // The icon is fetched after the load; the cache has it once it was drawn for the tab.
    await page.waitForLoadState('networkidle');
  }
  await page.close();
}
