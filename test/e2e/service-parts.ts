/**
 * The browser-independent part of the e2e harness, shared by the Chromium
 * fixture (./fixture.ts), the Firefox harness (./firefox-harness.ts) and the
 * Hindi spec: the real service (temporary data folder, free port) with a
 * token, a counting proxy in front of its API, and a local site with pages
 * to shorten.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { DEFAULT_CONFIG } from '../../server/config';
import { createToken } from '../../server/http/auth';
import { startServer, type RunningServer } from '../../server/start';
import { EDITOR_FRAME_HTML, EDITOR_FRAME_PATH, EDITOR_HTML, EDITOR_PATH } from './pages/editor-page';

export const WORKSPACE = 'e2e';

/** Location headers the service trusts, as a proxy in front of it would set them (the side panel's geo blocks). */
export const GEO_HEADERS = { country: 'x-e2e-country', state: 'x-e2e-state', city: 'x-e2e-city' } as const;

/**
 * The User-Agent of a visit the tests make as a person: the service leaves visits by bots out of every
 * count, and Node's fetch says "node", which the bot list holds (docs/service.md, Visits by bots).
 */
export const PERSON_UA = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

/** Link-preview fetchers, as a link posted in chats brings them: redirected, counted apart from clicks. */
export const PREVIEW_BOT_UAS = [
  'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
  'WhatsApp/2.23.20.0',
  'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
] as const;

/** A request that reached the proxy: its method, path with query, and the Authorization header it carried. */
export interface ProxiedRequest {
  method: string;
  path: string;
  authorization: string;
  /** Its Idempotency-Key header ('' when none). */
  idempotencyKey: string;
}

/** One request held back by `CountingProxy.hold`. */
export interface HeldRequest {
  /** Resolves with the request once it arrived and is being held. */
  arrived: Promise<ProxiedRequest>;
  /** Passes it on to the service. */
  release(): void;
}

/** Counts the API requests that reach the service; `down` makes it drop connections like a dead host. */
export interface CountingProxy {
  url: string;
  count(): number;
  /** The method and path of each counted request, in order. */
  paths(): string[];
  /** Every request since the proxy started (not cleared by `reset`), with the token it carried. */
  log(): ProxiedRequest[];
  reset(): void;
  setDown(down: boolean): void;
  /** Holds every request this long before passing it on (a slow service). */
  setDelay(ms: number): void;
  /**
   * Answers every `n`th request itself with a 429 (the service's RATE_LIMITED
   * envelope, with `Retry-After: retryAfter` when given) instead of passing
   * it on; 0 passes everything. Counted from this call.
   */
  refuseEvery(n: number, retryAfter?: string): void;
  /** 429s the proxy answered itself since `refuseEvery`. */
  refused(): number;
  /** The most changes (API requests other than GET) under way at once since the last `reset`. */
  mostAtOnce(): number;
  /** Holds the next request `matches` picks until it is released: an operation kept open at a known step. */
  hold(matches: (request: ProxiedRequest) => boolean): HeldRequest;
  /**
   * The next request `matches` picks is carried out by the service, but its
   * answer arrives garbled (cut off, not JSON): the outcome is unknown to the
   * extension though the service did the work.
   */
  garble(matches: (request: ProxiedRequest) => boolean): void;
  close(): Promise<void>;
}

interface Hold {
  matches: (request: ProxiedRequest) => boolean;
  arrive: (request: ProxiedRequest) => void;
  released: Promise<void>;
}

function startProxy(target: string): Promise<CountingProxy> {
  const to = new URL(target);
  let requests = 0;
  let paths: string[] = [];
  const log: ProxiedRequest[] = [];
  const holds: Hold[] = [];
  const garbles: ((request: ProxiedRequest) => boolean)[] = [];
  let down = false;
  let delay = 0;
  let refusal = { every: 0, retryAfter: undefined as string | undefined, seen: 0, refused: 0 };
  let underWay = 0;
  let most = 0;
  const server = http.createServer((req, res) => {
    if (down) {
      req.socket.destroy();
      return;
    }
    if (refusal.every > 0 && ++refusal.seen % refusal.every === 0) {
      refusal.refused += 1;
      req.resume();
      const body = JSON.stringify({ status: false, errors: [{ code: 'RATE_LIMITED', errorMessage: 'Too many requests' }] });
      res.writeHead(429, { 'content-type': 'application/json', ...(refusal.retryAfter === undefined ? {} : { 'retry-after': refusal.retryAfter }) });
      res.end(body);
      return;
    }
    requests += 1;
    paths.push(`${req.method} ${req.url ?? ''}`);
    if (req.method !== 'GET') {
      underWay += 1;
      most = Math.max(most, underWay);
      res.once('close', () => {
        underWay -= 1;
      });
    }
    const key = req.headers['idempotency-key'];
    const seen = { method: req.method ?? '', path: req.url ?? '', authorization: req.headers.authorization ?? '', idempotencyKey: typeof key === 'string' ? key : '' };
    log.push(seen);
    const held = holds.findIndex((h) => h.matches(seen));
    const hold = held === -1 ? undefined : holds.splice(held, 1)[0];
    if (delay > 0 || hold !== undefined) req.pause();
    hold?.arrive(seen);
    const garbling = garbles.findIndex((g) => g(seen));
    const garbled = garbling !== -1;
    if (garbled) garbles.splice(garbling, 1);
    void (hold?.released ?? Promise.resolve()).then(() => setTimeout(() => forward(req, res, garbled), delay));
  });
  function forward(req: http.IncomingMessage, res: http.ServerResponse, garbled = false): void {
    const upstream = http.request(
      { host: to.hostname, port: to.port, method: req.method, path: req.url, headers: { ...req.headers, host: to.host } },
      (answer) => {
        if (garbled) {
          // The service answered in full; what reaches the extension is its first few bytes, not JSON.
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('end', () => {
            res.writeHead(answer.statusCode ?? 502, { 'content-type': 'application/json' });
            res.end(Buffer.concat(chunks).subarray(0, 20));
          });
          return;
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      res.writeHead(502).end();
    });
    req.pipe(upstream);
    req.resume();
  }
  return listen(server).then((url) => ({
    url,
    count: () => requests,
    paths: () => [...paths],
    log: () => [...log],
    reset: () => {
      requests = 0;
      paths = [];
      most = underWay;
    },
    setDown: (value) => {
      down = value;
    },
    setDelay: (ms) => {
      delay = ms;
    },
    refuseEvery: (every, retryAfter) => {
      refusal = { every, retryAfter, seen: 0, refused: 0 };
    },
    refused: () => refusal.refused,
    mostAtOnce: () => most,
    hold: (matches) => {
      let arrive: (request: ProxiedRequest) => void = () => undefined;
      let release: () => void = () => undefined;
      const arrived = new Promise<ProxiedRequest>((resolve) => {
        arrive = resolve;
      });
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      holds.push({ matches, arrive, released });
      return { arrived, release };
    },
    garble: (matches) => {
      garbles.push(matches);
    },
    close: () => closeServer(server),
  }));
}

/** Pages to shorten, each with a title the service's metadata fetcher can read. */
function startSite(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const name = (req.url ?? '/').replace(/[^a-z0-9-]/gi, '') || 'home';
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    // A page where people write, for "Paste as short link" and "Shorten the links in this text box".
    if (req.url === EDITOR_PATH) res.end(EDITOR_HTML);
    else if (req.url === EDITOR_FRAME_PATH) res.end(EDITOR_FRAME_HTML);
    else res.end(`<!doctype html><html lang="en"><head><title>Demo ${name}</title></head><body><h1>Demo page ${name}</h1></body></html>`);
  });
  return listen(server).then((url) => ({ url, close: () => closeServer(server) }));
}

function listen(server: http.Server): Promise<string> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
  });
}

function closeServer(server: http.Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

export interface ServiceParts {
  service: RunningServer;
  token: string;
  proxy: CountingProxy;
  site: { url: string; close(): Promise<void> };
}

export interface ServicePartsOptions {
  trustDomains?: boolean;
  /** The service's `--create-rate-limit` (links per token per minute); its default otherwise. */
  createRateLimitPerMinute?: number;
}

/** The real service with its data in `dir`, a token for WORKSPACE, the counting proxy and the site. */
export async function startServiceParts(dir: string, options: ServicePartsOptions = {}): Promise<ServiceParts> {
  const service = await startServer({
    ...DEFAULT_CONFIG,
    port: 0,
    publicUrl: '',
    dataDir: join(dir, 'data'),
    allowPrivateFetch: true,
    geoHeaders: { ...GEO_HEADERS },
    trustDomains: options.trustDomains ?? false,
    createRateLimitPerMinute: options.createRateLimitPerMinute ?? DEFAULT_CONFIG.createRateLimitPerMinute,
    logLevel: 'warn',
  });
  const token = await createToken(service.ctx.db, WORKSPACE, 'e2e');
  const proxy = await startProxy(service.url);
  const site = await startSite();
  return { service, token, proxy, site };
}
