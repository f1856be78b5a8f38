import type { HttpBindings } from '@hono/node-server';
import type { MiddlewareHandler } from 'hono';
import type { IncomingMessage } from 'node:http';
import { ApiError } from './errors';

/**
 * Refuses request bodies over `maxBytes` with 413 PAYLOAD_TOO_LARGE.
 *
 * With a Content-Length the refusal is made from the header alone, before
 * the body is touched. A chunked body is counted as it arrives, read from the
 * node:http request itself: Hono's body-limit read it through a Fetch stream,
 * whose back-pressure then stalled the node adapter's drain of the unread
 * rest, so the socket was destroyed 0.5 s later although the answer had said
 * keep-alive, and the client's next request on it failed.
 *
 * A refused body is never read to its end by the app, so the 413 says
 * `Connection: close`: the client opens a new connection for its next
 * request instead of reusing one the server is about to end. The unread rest
 * keeps flowing (and is discarded) so the client can finish sending and read
 * the answer.
 */
export function bodyLimit(maxBytes: number): MiddlewareHandler {
  const tooLarge = () =>
    new ApiError('PAYLOAD_TOO_LARGE', `The request body must be at most ${maxBytes} bytes`, { Connection: 'close' });

  return async (c, next) => {
    const length = c.req.header('content-length');
    const chunked = c.req.header('transfer-encoding') !== undefined;
    if (length !== undefined && !chunked) {
      if (Number(length) > maxBytes) throw tooLarge();
      return next();
    }
    if (!chunked) return next();
    const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
    const body = incoming ? await readNode(incoming, maxBytes) : await readFetch(c.req.raw, maxBytes);
    if (body === null) throw tooLarge();
    c.req.raw = new Request(c.req.raw, { body: new Uint8Array(body) });
    return next();
  };
}

/** The whole body, or null once it passes `maxBytes` (the rest then flows on, discarded). */
function readNode(incoming: IncomingMessage, maxBytes: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) {
        chunks.push(chunk);
        return;
      }
      chunks.length = 0;
      done();
      // Keep reading so the client can finish sending; the data is dropped.
      incoming.on('data', discard);
      resolve(null);
    };
    const onEnd = () => {
      done();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = (error: Error) => {
      done();
      reject(error);
    };
    const done = () => {
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      incoming.off('error', onError);
    };
    incoming.on('data', onData);
    incoming.on('end', onEnd);
    incoming.on('error', onError);
  });
}

function discard(): void {
  // Bytes of a refused body.
}

/** The same through the Fetch body, for a runtime without node:http (Hono's app.request in a test). */
async function readFetch(request: Request, maxBytes: number): Promise<Buffer | null> {
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks, size);
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
}
