/**
 * A throwaway self-signed certificate for the demo web's hosts, made with
 * openssl in a temporary folder: the pages and the short host are served over
 * HTTPS as real ones are. Chromium is started with --ignore-certificate-errors
 * (./demo-browser.ts), so the certificate only has to exist.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface DemoCert {
  key: Buffer;
  cert: Buffer;
}

export function makeDemoCert(dir: string, hosts: readonly string[]): DemoCert {
  const key = join(dir, 'demo-key.pem');
  const cert = join(dir, 'demo-cert.pem');
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2', '-subj', `/CN=${hosts[0] ?? 'demo'}`, '-addext', `subjectAltName=${hosts.map((h) => `DNS:${h}`).join(',')}`, '-keyout', key, '-out', cert],
    { stdio: 'ignore' },
  );
  return { key: readFileSync(key), cert: readFileSync(cert) };
}
