import type { LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';

/** What the fetcher needs of one HTTP answer. Redirects are NOT followed here. */
export interface HttpAnswer {
  status: number;
  location: string | null;
  contentType: string;
  /** At most maxBytes of the (decoded) body. */
  body: Uint8Array;
}

export interface HttpGetOptions {
  signal: AbortSignal;
  maxBytes: number;
  /** Checked addresses to connect to; null lets the system resolve (allowPrivateFetch). */
  addresses: LookupAddress[] | null;
  headers: Record<string, string>;
}

export type HttpGet = (url: URL, options: HttpGetOptions) => Promise<HttpAnswer>;

/** Reads a body until it ends or `maxBytes` are in; stops reading (and so downloading) there. */
export async function readCapped(stream: AsyncIterable<Uint8Array>, maxBytes: number): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const room = maxBytes - size;
    if (chunk.length >= room) {
      chunks.push(chunk.subarray(0, room));
      size += room;
      break;
    }
    chunks.push(chunk);
    size += chunk.length;
  }
  return Buffer.concat(chunks, size);
}

/** Serves only the addresses that were checked, so the connection cannot go elsewhere (DNS rebinding). */
function pinnedLookup(addresses: LookupAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) {
      callback(null, addresses);
      return;
    }
    const wanted = options.family === 4 || options.family === 6 ? addresses.find((a) => a.family === options.family) : undefined;
    const chosen = wanted ?? addresses[0];
    if (chosen) callback(null, chosen.address, chosen.family);
    else callback(Object.assign(new Error('no address'), { code: 'ENOTFOUND' }), '', 0);
  };
}

function decoded(res: IncomingMessage): Readable {
  switch ((res.headers['content-encoding'] ?? '').trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return res.pipe(createGunzip());
    case 'deflate':
      return res.pipe(createInflate());
    case 'br':
      return res.pipe(createBrotliDecompress());
    default:
      return res;
  }
}

/**
 * GET with node:http(s), connecting only to the given checked addresses. The
 * size cap applies to the decoded body, so a compression bomb stops there too.
 */
export const nodeHttpGet: HttpGet = (url, options) =>
  new Promise<HttpAnswer>((resolve, reject) => {
    const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = request(
      url,
      {
        method: 'GET',
        headers: { ...options.headers, 'Accept-Encoding': 'gzip, deflate, br' },
        signal: options.signal,
        ...(options.addresses ? { lookup: pinnedLookup(options.addresses) } : {}),
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const answer = { status, location: res.headers.location ?? null, contentType: res.headers['content-type'] ?? '' };
        // Redirects and errors: the body is not needed.
        if (status < 200 || status >= 300) {
          req.destroy();
          resolve({ ...answer, body: new Uint8Array() });
          return;
        }
        const body = decoded(res);
        readCapped(body, options.maxBytes)
          .then((bytes) => resolve({ ...answer, body: bytes }), reject)
          .finally(() => {
            body.destroy();
            req.destroy();
          });
      },
    );
    req.on('error', reject);
    req.end();
  });

/** GET with a fetch implementation (injected in tests, or another runtime's). */
export function fetchHttpGet(fetchImpl: typeof fetch): HttpGet {
  return async (url, options) => {
    const res = await fetchImpl(url, { redirect: 'manual', signal: options.signal, headers: options.headers });
    const answer = { status: res.status, location: res.headers.get('location'), contentType: res.headers.get('content-type') ?? '' };
    if (res.status < 200 || res.status >= 300 || !res.body) {
      await res.body?.cancel();
      return { ...answer, body: new Uint8Array() };
    }
    const reader = res.body.getReader();
    const chunks = async function* () {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        yield value;
      }
    };
    try {
      return { ...answer, body: await readCapped(chunks(), options.maxBytes) };
    } finally {
      await reader.cancel().catch(() => undefined);
    }
  };
}
