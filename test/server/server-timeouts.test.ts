import { spawnSync } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness';

let h: Harness;
let port: number;

beforeAll(async () => {
  // Short limits for the test; the defaults are seconds long.
  h = await startHarness({ headersTimeoutMs: 300, requestTimeoutMs: 600, keepAliveTimeoutMs: 300, maxConnections: 3 });
  port = Number(new URL(h.server.url).port);
});
afterAll(() => h.close());

interface Ended {
  /** What the server sent before closing. */
  received: string;
  /** ms from connecting to the close, or null when it was still open at `waitMs`. */
  closedAfterMs: number | null;
}

/** Opens a raw connection, sends `text`, and waits up to `waitMs` for the server to close it. */
function openAndStall(text: string, waitMs: number): Promise<Ended> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket: Socket = connect(port, '127.0.0.1', () => socket.write(text));
    let received = '';
    socket.on('data', (d: Buffer) => (received += d.toString()));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ECONNRESET') reject(error);
    });
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ received, closedAfterMs: null });
    }, waitMs);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ received, closedAfterMs: performance.now() - started });
    });
  });
}

describe('HTTP server timeouts and connection cap', () => {
  it('a client that sends part of a header line and stalls gets 408 and is cut off', async () => {
    const ended = await openAndStall('GET /api/tag HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: aaa', 5000);
    expect(ended.closedAfterMs).not.toBeNull();
    expect(ended.received).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('a client that sends headers but stalls in the body is cut off by the request timeout', async () => {
    // A valid token, so the route waits for the body (an unauthenticated request is answered without it).
    const token = await h.token('timeouts-ws');
    const head = `POST /api/tag HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n`;
    const ended = await openAndStall(`${head}{"work`, 5000);
    expect(ended.closedAfterMs).not.toBeNull();
    expect(ended.received).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('an idle kept-alive connection is closed after the keep-alive timeout', async () => {
    const ended = await openAndStall('GET /no-such-keyword HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', 5000);
    expect(ended.received).toMatch(/^HTTP\/1\.1 404 /);
    expect(ended.closedAfterMs).not.toBeNull();
  });

  it('connections beyond the cap are closed at once; the ones within it are served', async () => {
    const held = await Promise.all(
      Array.from({ length: 3 }, () => new Promise<Socket>((resolve) => {
        const socket = connect(port, '127.0.0.1', () => resolve(socket));
        socket.on('error', () => undefined);
      })),
    );
    try {
      const extra = await openAndStall('GET /no-such-keyword HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', 3000);
      expect(extra.received).toBe('');
      expect(extra.closedAfterMs).not.toBeNull();
    } finally {
      for (const socket of held) socket.destroy();
    }
    // Once they are gone, new connections are served again.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const served = await fetch(`${h.server.url}/no-such-keyword`);
    expect(served.status).toBe(404);
  });
});

describe('serve options', () => {
  const CLI = fileURLToPath(new URL('../../server/cli.ts', import.meta.url));
  const run = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', CLI, ...args], { encoding: 'utf8', timeout: 20_000 });

  it('--help lists the timeout and connection options with their defaults', () => {
    const result = run('serve', '--help');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/--headers-timeout MS .*default 10000/);
    expect(result.stdout).toMatch(/--request-timeout MS .*default 30000/);
    expect(result.stdout).toMatch(/--keep-alive-timeout MS .*default 5000/);
    expect(result.stdout).toMatch(/--max-connections N .*default 1000/);
  });

  it.each([
    [['--headers-timeout', '5'], /--headers-timeout must be a whole number from 100/],
    [['--max-connections', '0'], /--max-connections must be a whole number from 1/],
    [['--headers-timeout', '5000', '--request-timeout', '1000'], /--request-timeout \(1000\) must be at least --headers-timeout \(5000\)/],
  ])('serve %j is a usage error', (args, message) => {
    const result = run('serve', '--port', '0', '--data', ':memory:', ...args);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(message);
  });
});
