import { Agent, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness';

const LIMIT = 2048;
let h: Harness;
let token: string;
const ws = 'body-limit-ws';

beforeAll(async () => {
  h = await startHarness({ bodyLimitBytes: LIMIT });
  token = await h.token(ws);
});
afterAll(() => h.close());

interface Sent {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** Local port of the connection: the same port means the same connection. */
  localPort: number | undefined;
}

function send(agent: Agent, body: string, chunked: boolean): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
    if (chunked) headers['Transfer-Encoding'] = 'chunked';
    else headers['Content-Length'] = String(Buffer.byteLength(body));
    const req = request(`${h.api}/tag`, { method: 'POST', agent, headers });
    let localPort: number | undefined;
    req.on('socket', (socket) => {
      localPort = socket.localPort;
      socket.once('connect', () => (localPort = socket.localPort));
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text, localPort }));
    });
    // Before the answer this fails the request ("socket hang up"); after it, a refused upload cut short is expected.
    req.on('error', reject);
    // Small pieces, as a client streaming a large body: it is still sending when the 413 goes out.
    for (let i = 0; i < body.length; i += 512) req.write(body.slice(i, i + 512));
    req.end();
  });
}

// Large enough that its unread rest outlives the node adapter's 0.5 s drain when that drain stalls.
const tooLarge = JSON.stringify({ workspaceId: ws, tag: 'x', padding: 'p'.repeat(2_000_000) });
const small = (tag: string) => JSON.stringify({ workspaceId: ws, tag });

describe('413 on a keep-alive connection', () => {
  it.each([
    ['with a Content-Length', false],
    ['chunked', true],
  ])('an oversized body %s: 413 with Connection: close, and the next two requests on the agent are answered', async (_name, chunked) => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const refused = await send(agent, tooLarge, chunked);
      expect(refused.status).toBe(413);
      expect(JSON.parse(refused.text)).toMatchObject({ status: false, errors: [{ code: 'PAYLOAD_TOO_LARGE' }] });
      // The body was not read to its end: that connection cannot carry another request, and the answer says so.
      expect(refused.headers.connection).toBe('close');
      const next = await send(agent, small(`after-413-${String(chunked)}`), chunked);
      expect(next.status, next.text).toBe(200);
      const again = await send(agent, small(`after-413-${String(chunked)}-2`), chunked);
      expect(again.status, again.text).toBe(200);
      // Those two did share one kept-alive connection.
      expect(again.localPort).toBe(next.localPort);
    } finally {
      agent.destroy();
    }
  });

  it('a body within the limit leaves the connection open for the next request', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await send(agent, small('kept-1'), true);
      const second = await send(agent, small('kept-2'), false);
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(first.headers.connection).toBe('keep-alive');
      expect(second.localPort).toBe(first.localPort);
    } finally {
      agent.destroy();
    }
  });
});
