/**
 * A local site for the destination watch, on the loopback under named hosts
 * (`<name>.watch.test`, mapped by Chromium's host rules): a page per way a
 * destination can answer (fine, 404, a redirect to another host, a redirect
 * loop, a 503), any other host's pages fine. It logs when each host was
 * asked, so a test can hold the watch to one request a second per host.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const WATCH_DOMAIN = 'watch.test';

export interface WatchSite {
  port: number;
  /** Chromium's host rule that sends every `*.watch.test` to this site. */
  hostRule: string;
  /** The times (ms) each host was asked, in order. */
  hits: Map<string, number[]>;
  /** A status a host name (its first label) answers with from now on, whatever its name says. */
  answers: Map<string, number>;
  close(): Promise<void>;
}

function answer(host: string, path: string, res: ServerResponse, answers: ReadonlyMap<string, number>): void {
  const name = host.split('.')[0] ?? '';
  const set = answers.get(name);
  if (set !== undefined) return void res.writeHead(set).end();
  // Under /page/ an error comes with a page of its own, which the browser shows (an empty one gets the browser's error page).
  const body = path.startsWith('/page/') ? '<!doctype html><title>Sorry</title><p>Sorry, not here.</p>' : '';
  if (name === 'gone') return void res.writeHead(404, { 'content-type': 'text/html' }).end(body);
  if (name === 'down') return void res.writeHead(503, { 'content-type': 'text/html' }).end(body);
  if (name === 'moved') return void res.writeHead(302, { location: `http://elsewhere.${WATCH_DOMAIN}/` }).end();
  if (name === 'loop') return void res.writeHead(302, { location: path === '/a' ? '/b' : '/a' }).end();
  res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Fine</title><p>Fine.</p>');
}

export async function startWatchSite(): Promise<WatchSite> {
  const hits = new Map<string, number[]>();
  const answers = new Map<string, number>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const host = (req.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
    hits.set(host, [...(hits.get(host) ?? []), Date.now()]);
    answer(host, new URL(req.url ?? '/', 'http://x').pathname, res, answers);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    hostRule: `MAP *.${WATCH_DOMAIN} 127.0.0.1:${port}`,
    hits,
    answers,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
