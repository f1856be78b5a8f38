import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { pickHeaders } from '../../server/redirect/raw-headers';

const WANTED = ['host', 'x-forwarded-proto', 'user-agent', 'referer', 'cf-ipcountry'];

/** Sends `head` as a raw request to a node:http server; resolves with the request it received. */
async function receive(head: string): Promise<IncomingMessage> {
  let received: IncomingMessage | undefined;
  const server = createServer((req, res) => {
    received = req;
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(head));
    socket.on('data', () => socket.destroy());
    socket.on('close', () => resolve());
    socket.on('error', reject);
  });
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!received) throw new Error('no request received');
  return received;
}

describe('pickHeaders', () => {
  it('gives the wanted headers the values req.headers gives them: any case, first host/User-Agent/referer, others joined', async () => {
    const req = await receive(
      'GET /abc HTTP/1.1\r\nHOST: sho.rt\r\nHost: other.example\r\nUser-Agent: first\r\nuser-agent: second\r\n' +
        'Referer: https://t.co/x\r\nX-Forwarded-Proto: https\r\nx-forwarded-proto: http\r\nCF-IPCountry: DE\r\n' +
        'Accept-Language: en\r\nSec-Fetch-Mode: navigate\r\nConnection: close\r\n\r\n',
    );
    const picked = pickHeaders(req.rawHeaders, WANTED);
    expect(picked).toEqual({
      host: req.headers.host,
      'user-agent': req.headers['user-agent'],
      referer: req.headers.referer,
      'x-forwarded-proto': req.headers['x-forwarded-proto'],
      'cf-ipcountry': req.headers['cf-ipcountry'],
    });
    expect(picked).toEqual({ host: 'sho.rt', 'user-agent': 'first', referer: 'https://t.co/x', 'x-forwarded-proto': 'https, http', 'cf-ipcountry': 'DE' });
  });

  it('leaves out headers the request does not carry and those not wanted', () => {
    expect(pickHeaders(['Accept', 'text/html', 'Host', 'sho.rt'], WANTED)).toEqual({ host: 'sho.rt' });
    expect(pickHeaders([], WANTED)).toEqual({});
  });
});
