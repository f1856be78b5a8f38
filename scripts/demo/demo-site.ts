/**
 * The demo web (./demo-pages.ts) served locally: one HTTPS listener that
 * Chromium reaches under the pages' own hosts (host-resolver rules), and a
 * `fetch` for the service's metadata fetcher that answers the same pages by
 * their URLs in process (Node cannot use Chromium's host rules), so the
 * service reads each page's title from its HTML as it would online.
 */
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { DemoCert } from './demo-cert';
import { DEMO_PAGES, type DemoPage } from './demo-pages';

export interface DemoSite {
  /** Port of the HTTPS listener on 127.0.0.1. */
  port: number;
  /** A fetch that answers the demo pages' URLs from this site (the service's metadata fetcher uses it). */
  fetch: typeof fetch;
  close(): Promise<void>;
}

const escape = (text: string): string => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

function iconSvg(page: DemoPage): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="${page.icon.colour}"/>` +
    `<text x="16" y="23" font-family="DejaVu Sans, Arial, sans-serif" font-size="20" font-weight="700" fill="#fff" text-anchor="middle">${page.icon.letter}</text></svg>`
  );
}

function pageHtml(page: DemoPage): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(page.title)}</title>` +
    `<meta name="description" content="${escape(page.description)}"><meta property="og:title" content="${escape(page.title)}">` +
    `<link rel="icon" type="image/svg+xml" href="/favicon.svg"></head>` +
    `<body style="font:18px/1.5 system-ui,sans-serif;max-width:40rem;margin:3rem auto"><h1>${escape(page.title)}</h1><p>${escape(page.description)}</p></body></html>`
  );
}

/** The answer for `host` + `path`: a page, its site's icon, or a 404. */
function answer(host: string, path: string): { status: number; type: string; body: string } {
  const pages = DEMO_PAGES.filter((p) => new URL(p.url).hostname === host);
  if (path === '/favicon.svg' || path === '/favicon.ico') {
    const first = pages[0];
    return first === undefined ? { status: 404, type: 'text/plain', body: 'not found' } : { status: 200, type: 'image/svg+xml', body: iconSvg(first) };
  }
  const page = pages.find((p) => new URL(p.url).pathname === path);
  return page === undefined ? { status: 404, type: 'text/plain', body: 'not found' } : { status: 200, type: 'text/html; charset=utf-8', body: pageHtml(page) };
}

export async function startDemoSite(cert: DemoCert): Promise<DemoSite> {
  const server = https.createServer({ key: cert.key, cert: cert.cert }, (req, res) => {
    const host = (req.headers.host ?? '').replace(/:\d+$/, '');
    const { status, type, body } = answer(host, new URL(req.url ?? '/', 'https://x').pathname);
    res.writeHead(status, { 'content-type': type, 'cache-control': 'max-age=3600' });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const demoFetch: typeof fetch = (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const { status, type, body } = answer(url.hostname, url.pathname);
    return Promise.resolve(new Response(body, { status, headers: { 'content-type': type } }));
  };
  return {
    port: (server.address() as AddressInfo).port,
    fetch: demoFetch,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
