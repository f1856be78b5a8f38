/**
 * Launching Chromium with the built extension, shared by `npm start`, the
 * e2e harness and the popup benchmarks. The flags suit a container: no sandbox,
 * GPU, QUIC, first run, sync or background traffic.
 */
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Worker } from 'playwright-core';

export const ROOT = fileURLToPath(new URL('../', import.meta.url));
export const BUILD_DIR = join(ROOT, '.output/chrome-mv3');

/**
 * `hostRules`: extra `--host-resolver-rules` entries put before the catch-all
 * (`MAP www.example.test 127.0.0.1:8443`), so named hosts reach local servers.
 */
export function chromiumArgs(extensionDir: string, headless: boolean, hostRules: readonly string[] = []): string[] {
  return [
    ...(headless ? ['--headless=new'] : []),
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    `--disable-extensions-except=${extensionDir}`,
    `--load-extension=${extensionDir}`,
    // Without it Chromium still looks up Google hosts; the EXCLUDEs keep loopback working.
    `--host-resolver-rules=${[...hostRules, 'MAP * ~NOTFOUND', 'EXCLUDE localhost', 'EXCLUDE 127.0.0.1'].join(', ')}`,
  ];
}

/**
 * A copy of the build whose manifest already grants http://127.0.0.1/*.
 * Headless Chromium cannot show the prompt Save opens for the service's
 * optional host permission (the request never settles), and a demo that is
 * "already connected" must not wait for a click either. With the origin
 * granted, Save's request resolves at once, as after a user's "Allow".
 */
export function extensionCopyWithLoopback(into: string): string {
  return extensionCopyGranting(into, ['http://127.0.0.1/*']);
}

/** A copy of the build whose manifest already grants `origins` (match patterns), for the reason above. */
export function extensionCopyGranting(into: string, origins: readonly string[]): string {
  if (!existsSync(join(BUILD_DIR, 'manifest.json'))) {
    throw new Error(`No extension build at ${BUILD_DIR}: run "npm run build" first.`);
  }
  const dir = join(into, 'extension');
  cpSync(BUILD_DIR, dir, { recursive: true });
  const manifestPath = join(dir, 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { host_permissions?: string[] };
  manifest.host_permissions = [...origins];
  writeFileSync(manifestPath, JSON.stringify(manifest));
  return dir;
}

/**
 * The parts of the extension's `chrome` global that Node-side code evaluates
 * in the service worker or extension pages, reached as
 * `(globalThis as unknown as WithChrome).chrome` inside the evaluated function
 * (it runs in the browser; this only types it).
 */
export interface WithChrome {
  chrome: {
    storage: {
      local: {
        set(items: Record<string, unknown>): Promise<void>;
        get(keys?: string | string[] | null): Promise<Record<string, unknown>>;
      };
    };
    action: { getBadgeText(details: Record<string, never>): Promise<string> };
    contextMenus: {
      onClicked: {
        dispatch(info: { menuItemId: string; linkUrl: string; editable: boolean; pageUrl: string }, tab?: unknown): void;
      };
    };
  };
}

export interface ConnectionValue {
  baseUrl: string;
  token: string;
  workspaceId: string;
}

/**
 * Writes the connection where lib/storage/settings.ts keeps it (`local:connection`,
 * version 2: a profile set), as the one active profile, as Save would.
 */
export async function connectExtension(worker: Worker, value: ConnectionValue): Promise<void> {
  const set = { activeId: 'profile-1', profiles: [{ id: 'profile-1', name: value.workspaceId, ...value }] };
  await worker.evaluate(
    (v) => (globalThis as unknown as WithChrome).chrome.storage.local.set({ connection: v, connection$: { v: 2 } }),
    set,
  );
}

export interface LaunchedExtension {
  context: BrowserContext;
  extensionId: string;
}

/** What a launch may add: host rules (see chromiumArgs), more flags, and a UI locale (`hi-IN`: --lang, LANGUAGE, LANG and the pages' locale). */
export interface LaunchOptions {
  hostRules?: readonly string[];
  args?: readonly string[];
  locale?: string;
}

export async function launchWithExtension(profileDir: string, extensionDir: string, headless = true, options: LaunchOptions = {}): Promise<LaunchedExtension> {
  const locale = options.locale;
  const language = locale?.split('-')[0];
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    // The new headless mode comes from --headless=new in the args.
    headless: false,
    args: [...chromiumArgs(extensionDir, headless, options.hostRules), ...(options.args ?? []), ...(language === undefined ? [] : [`--lang=${language}`])],
    // Chromium on Linux takes its UI language from the environment; --lang alone is not enough.
    ...(locale === undefined || language === undefined ? {} : { env: { ...process.env, LANGUAGE: language, LANG: `${locale.replace('-', '_')}.UTF-8` }, locale }),
    viewport: headless ? { width: 1100, height: 800 } : null,
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  return { context, extensionId: new URL(worker.url()).host };
}
