/**
 * The short host's front door: an HTTPS listener that passes every request
 * (the API and the short links) to the service, as the TLS proxy of a real
 * deployment does, keeping the request's Host (`acme.link`) so the service
 * knows it for its own. `setDown(true)` drops connections like a host out of
 * reach, for the pictures of the extension without its service.
 */
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { DemoCert } from './demo-cert';

export interface DemoFront {
  /** Port of the HTTPS listener on 127.0.0.1. */
  port: number;
  setDown(down: boolean): void;
  close(): Promise<void>;
}

export async function startDemoFront(cert: DemoCert, serviceUrl: string): Promise<DemoFront> {
  const to = new URL(serviceUrl);
  let down = false;
  const server = https.createServer({ key: cert.key, cert: cert.cert }, (req, res) => {
    if (down) {
      req.socket.destroy();
      return;
    }
    const upstream = http.request({ host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    setDown(value) {
      down = value;
      // Kept-alive connections would still reach the service.
      if (value) server.closeAllConnections();
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
