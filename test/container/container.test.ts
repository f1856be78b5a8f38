/**
 * The service's container image, built with podman from the repository's
 * Containerfile against locally made base images (make-base-image.sh: no
 * image registry is reachable here), then used as a self-hoster would: start
 * it with a volume, make a token inside it, make a link through the API,
 * follow it, restart the container and find the link and its click again.
 * A read-only or full data volume fails the health check and says why in
 * the log, and the links stored on it are all there when it takes writes
 * again. The same image runs on PostgreSQL (a throwaway cluster from the
 * system's binaries: the compose file's official postgres image cannot be
 * pulled here, no registry is reachable).
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { decodeConnectionCode } from '../../lib/contract/connection-code';
import type { Cluster } from '../postgres/cluster-process';
import { findPostgresBin, startSystemCluster } from '../postgres/system-cluster';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PODMAN = ['--runtime', 'runc'];
const IMAGE = 'localhost/shortlink:test';
const suffix = randomUUID().slice(0, 8);
const VOLUME = `shortlink-test-${suffix}`;
const PORT = 18_000 + Math.floor(Math.random() * 2000);
const BASE = `http://127.0.0.1:${PORT}`;

async function podman(args: string[], timeout = 60_000): Promise<string> {
  const { stdout } = await run('podman', [...PODMAN, ...args], { timeout, maxBuffer: 64 * 1024 * 1024 });
  return stdout;
}

/** What the service wrote: `podman logs` gives the container's stdout and stderr on its own two. */
async function logs(name: string): Promise<string> {
  const { stdout, stderr } = await run('podman', [...PODMAN, 'logs', name], { timeout: 60_000, maxBuffer: 64 * 1024 * 1024 });
  return `${stdout}${stderr}`;
}

/** Starts the image on the volume (read-only when asked, or other storage options), on the host's network at PORT. */
async function start(name: string, readOnly = false, storage?: string[]): Promise<void> {
  await podman([
    'run', '-d', '--name', name, '--network', 'host',
    '-e', `SHORTLINK_PORT=${PORT}`, '-e', `SHORTLINK_PUBLIC_URL=${BASE}`,
    ...(storage ?? ['-v', `${VOLUME}:/data${readOnly ? ':ro' : ''}`]), IMAGE,
  ]);
}

/** A token made inside the container (its last line), and a link made with it through the API. */
async function tokenAndLink(name: string, longUrl: string): Promise<{ token: string; linkId: string; shortUrl: string }> {
  const out = (await podman(['exec', name, 'shortlink', 'token', '--workspace', 'acme'])).trim().split('\n');
  const token = out.at(-1) ?? '';
  const made = await api('/link', token, {
    method: 'POST',
    body: JSON.stringify({ workspaceId: 'acme', keywordType: 'HASH', longUrl, customDomain: null }),
  });
  assert.equal(made.status, 200);
  const { data } = (await made.json()) as { data: { linkId: string; shortUrl: string } };
  return { token, ...data };
}

/** Where the short link sends a visitor, asked of the container at BASE. */
async function follow(shortUrl: string): Promise<string | null> {
  const visit = await fetch(shortUrl.replace(/^https?:\/\/[^/]+/, BASE), { redirect: 'manual', headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0' } });
  return visit.status === 302 ? visit.headers.get('location') : null;
}

async function remove(name: string): Promise<void> {
  await podman(['rm', '-f', '-t', '5', name]).catch(() => undefined);
}

/** Runs the image's own health check until it passes (true) or the time is up (false). */
async function healthy(name: string, ms = 60_000): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const passed = await podman(['healthcheck', 'run', name]).then(() => true, () => false);
    if (passed) return true;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return false;
}

async function api(path: string, token: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${BASE}/api${path}`, { ...init, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers } });
}

describe('the service container', { timeout: 30 * 60_000 }, () => {
  const first = `shortlink-a-${suffix}`;
  const second = `shortlink-b-${suffix}`;
  const readOnly = `shortlink-ro-${suffix}`;
  const full = `shortlink-full-${suffix}`;
  const onPostgres = `shortlink-pg-${suffix}`;
  let token = '';
  let linkId = '';
  let shortUrl = '';

  before(async () => {
    await run('bash', [join(ROOT, 'test/container/make-base-image.sh')], { timeout: 20 * 60_000 });
    // The host's npm cache, so the build does not fetch again what `npm ci` fetched for the checkout.
    await podman(['build', '--format', 'docker', '--network', 'host', '-v', `${join(homedir(), '.npm')}:/root/.npm`, '-t', IMAGE, ROOT], 20 * 60_000);
    await podman(['volume', 'create', VOLUME]);
  });

  after(async () => {
    for (const name of [first, second, readOnly, full, onPostgres]) await remove(name);
    await podman(['volume', 'rm', '-f', VOLUME]).catch(() => undefined);
  });

  it('runs as a non-root user with its data in the volume', async () => {
    const user = await podman(['image', 'inspect', '--format', '{{.Config.User}}', IMAGE]);
    assert.equal(user.trim(), 'node');
    const volumes = await podman(['image', 'inspect', '--format', '{{json .Config.Volumes}}', IMAGE]);
    assert.match(volumes, /"\/data"/);
  });

  it('makes a token inside it, a link through the API, and redirects', async () => {
    await start(first);
    assert.equal(await healthy(first), true, 'the container never became healthy');
    const out = (await podman(['exec', first, 'shortlink', 'token', '--workspace', 'acme'])).trim().split('\n');
    token = out.at(-1) ?? '';
    const code = decodeConnectionCode(out.find((line) => line.startsWith('shortlink1:')) ?? '');
    assert.deepEqual(code, { ok: true, connection: { apiBase: `${BASE}/api`, token, workspaceId: 'acme' } });

    const made = await api('/link', token, {
      method: 'POST',
      body: JSON.stringify({ workspaceId: 'acme', keywordType: 'HASH', longUrl: 'https://www.acme-events.example/tickets', customDomain: null }),
    });
    const body = (await made.json()) as { data: { linkId: string; shortUrl: string } };
    assert.equal(made.status, 200);
    ({ linkId, shortUrl } = body.data);
    const visit = await fetch(shortUrl.replace(/^https?:\/\/[^/]+/, BASE), { redirect: 'manual', headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0' } });
    assert.equal(visit.status, 302);
    assert.equal(visit.headers.get('location'), 'https://www.acme-events.example/tickets');
  });

  it('keeps the link and its click across a restart', async () => {
    // A stop flushes the clicks still buffered (SIGTERM: the service's graceful close).
    await podman(['stop', '-t', '20', first]);
    await podman(['start', first]);
    assert.equal(await healthy(first), true);
    const analytics = await api(`/link/${linkId}/acme`, token);
    assert.equal(analytics.status, 200);
    assert.match(await analytics.text(), /"totalClicks":1\b/);
    const list = (await (await api('/link?workspaceId=acme&pageSize=10', token)).json()) as { data: { list: { _id: string; longUrl: string }[] } };
    assert.deepEqual(list.data.list.map((l) => [l._id, l.longUrl]), [[linkId, 'https://www.acme-events.example/tickets']]);
    const visit = await fetch(shortUrl.replace(/^https?:\/\/[^/]+/, BASE), { redirect: 'manual' });
    assert.equal(visit.headers.get('location'), 'https://www.acme-events.example/tickets');
  });

  it('with a read-only volume: unhealthy, says why, and loses no link', async () => {
    await podman(['stop', '-t', '20', first]);
    await start(readOnly, true);
    assert.equal(await healthy(readOnly, 20_000), false, 'a read-only data volume passed the health check');
    assert.match(await logs(readOnly), /data folder \/data is not writable/);
    await remove(readOnly);

    await start(second);
    assert.equal(await healthy(second), true);
    const answer = await api(`/link/${linkId}/acme`, token);
    assert.equal(answer.status, 200);
  });

  it('with a full volume: unhealthy, says why, still redirects, and healthy again once there is room', async () => {
    await remove(second);
    // A small volume of its own (tmpfs, writable by the image's user), filled by a file until under the service's floor.
    await start(full, false, ['--mount', 'type=tmpfs,destination=/data,tmpfs-size=96m,chown=true']);
    assert.equal(await healthy(full), true);
    const made = await tokenAndLink(full, 'https://shop.acme.example/spring');
    await podman(['exec', full, 'dd', 'if=/dev/zero', 'of=/data/filler', 'bs=1M', 'count=48', 'status=none']);
    assert.equal(await healthy(full, 20_000), false, 'a full data volume passed the health check');
    assert.match(await logs(full), /data folder \/data has \d+ MB free/);
    assert.equal(await follow(made.shortUrl), 'https://shop.acme.example/spring', 'a stored link still redirects');
    await podman(['exec', full, 'rm', '/data/filler']);
    assert.equal(await healthy(full), true, 'healthy again once there is room');
    const list = (await (await api('/link?workspaceId=acme&pageSize=10', made.token)).json()) as { data: { list: { _id: string }[] } };
    assert.deepEqual(list.data.list.map((l) => l._id), [made.linkId]);
    await remove(full);
  });

  it('on PostgreSQL: a token, a link, its click, and all of them after a restart', async () => {
    const bin = findPostgresBin();
    assert.ok(bin !== null, 'PostgreSQL is not installed: .ci/run installs it');
    const cluster: Cluster = await startSystemCluster(bin);
    try {
      await start(onPostgres, false, ['-e', `SHORTLINK_DATABASE=${cluster.adminUrl}`]);
      assert.equal(await healthy(onPostgres), true, 'the container on PostgreSQL never became healthy');
      const made = await tokenAndLink(onPostgres, 'https://www.acme-events.example/pg');
      assert.equal(await follow(made.shortUrl), 'https://www.acme-events.example/pg');
      await podman(['stop', '-t', '20', onPostgres]);
      await podman(['start', onPostgres]);
      assert.equal(await healthy(onPostgres), true);
      const analytics = await api(`/link/${made.linkId}/acme`, made.token);
      assert.match(await analytics.text(), /"totalClicks":1\b/);
      assert.equal(await follow(made.shortUrl), 'https://www.acme-events.example/pg');
    } finally {
      await remove(onPostgres);
      await cluster.stop();
    }
  });
});
