/**
 * A TCP proxy in front of PostgreSQL that can stall LISTEN connections: while
 * stalled, a connection that has sent LISTEN (and any that sends it
 * meanwhile) passes nothing either way, yet stays open, as behind a network
 * path that drops packets; `stall(true)` also closes the LISTEN connections
 * open at that moment, so the client's reconnection is what stalls. Every
 * other connection (the pool's queries, its NOTIFYs) flows as usual.
 */
import { createServer, connect, type AddressInfo, type Socket } from 'node:net';

export interface StallingProxy {
  /** `url` with its host and port replaced by the proxy's. */
  url: string;
  stall(closeOpen?: boolean): void;
  resume(): void;
  close(): Promise<void>;
}

export async function startStallingProxy(url: string): Promise<StallingProxy> {
  const upstream = new URL(url);
  let stalled = false;
  const sockets = new Set<Socket>();
  const listeners = new Set<() => void>();
  const server = createServer((client) => {
    const database = connect(Number(upstream.port || 5432), upstream.hostname);
    let listens = false;
    sockets.add(client).add(database);
    const end = () => {
      listeners.delete(end);
      client.destroy();
      database.destroy();
      sockets.delete(client);
      sockets.delete(database);
    };
    const blocked = () => stalled && listens;
    client.on('data', (chunk: Buffer) => {
      // postgres.js sends LISTEN as a simple query: its text is in the message as is.
      if (!listens && /\blisten "/i.test(chunk.toString('latin1'))) {
        listens = true;
        listeners.add(end);
      }
      if (!blocked()) database.write(chunk);
    });
    database.on('data', (chunk: Buffer) => {
      if (!blocked()) client.write(chunk);
    });
    client.on('close', end).on('error', end);
    database.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const proxied = new URL(url);
  proxied.hostname = '127.0.0.1';
  proxied.port = String((server.address() as AddressInfo).port);
  return {
    url: proxied.href,
    stall(closeOpen = false) {
      stalled = true;
      if (closeOpen) for (const end of [...listeners]) end();
    },
    resume: () => void (stalled = false),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
