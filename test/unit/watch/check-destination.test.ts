// One destination's check against a fake site: each state, HEAD then GET, hop limits, bodies never read, timeouts, local addresses never asked.
import { describe, expect, it } from 'vitest';
import { checkDestination, MAX_HOPS, type CheckDeps } from '../../../lib/watch/check-destination';

type Route = (method: string) => Response | 'hang' | 'network-error';

/** A fake web: each URL answers as its route says; every request is logged. */
function site(routes: Record<string, Route>) {
  const log: string[] = [];
  const fetchFake = ((input: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    log.push(`${method} ${input}`);
    const route = routes[input];
    if (route === undefined) return Promise.reject(new TypeError('Failed to fetch'));
    const answer = route(method);
    if (answer === 'network-error') return Promise.reject(new TypeError('Failed to fetch'));
    if (answer === 'hang') {
      return new Promise<Response>((_, reject) => {
        if (init?.signal?.aborted === true) reject(new DOMException('timed out', 'TimeoutError'));
        init?.signal?.addEventListener('abort', () => reject(new DOMException('timed out', 'TimeoutError')));
      });
    }
    return Promise.resolve(answer);
  }) as typeof fetch;
  return { log, fetch: fetchFake };
}

const ok = () => new Response(null, { status: 200 });
const status = (s: number) => () => new Response(null, { status: s });
const redirect = (to: string, s = 302) => () => new Response(null, { status: s, headers: { location: to } });

/** A signal the test fires at once: a check that waits on it is one the 10 s limit would end. */
function firedTimeout(): CheckDeps['timeout'] {
  return () => AbortSignal.abort(new DOMException('timed out', 'TimeoutError'));
}

describe('checkDestination', () => {
  it('finds a page that answers fine with one HEAD', async () => {
    const web = site({ 'https://a.com/': ok });
    expect(await checkDestination('https://a.com/', web)).toEqual({ state: 'fine', reason: { kind: 'answered', status: 200 } });
    expect(web.log).toEqual(['HEAD https://a.com/']);
  });

  it('asks with GET when HEAD is refused', async () => {
    const web = site({ 'https://a.com/': (m) => new Response(null, { status: m === 'HEAD' ? 405 : 404 }) });
    expect((await checkDestination('https://a.com/', web)).state).toBe('gone');
    expect(web.log).toEqual(['HEAD https://a.com/', 'GET https://a.com/']);
  });

  it('reports gone, failing and unreachable', async () => {
    const web = site({ 'https://a.com/410': status(410), 'https://a.com/500': status(500), 'https://dead.example/': () => 'network-error' });
    expect((await checkDestination('https://a.com/410', web)).state).toBe('gone');
    expect(await checkDestination('https://a.com/500', web)).toEqual({ state: 'failing', reason: { kind: 'answered', status: 500 } });
    expect(await checkDestination('https://dead.example/', web)).toEqual({ state: 'failing', reason: { kind: 'unreachable' } });
  });

  it('follows redirects and reports a page that ends on another site', async () => {
    const web = site({ 'https://a.com/old': redirect('/new', 301), 'https://a.com/new': redirect('https://b.org/home'), 'https://b.org/home': ok });
    expect(await checkDestination('https://a.com/old', web)).toEqual({ state: 'moved', reason: { kind: 'other-site', host: 'b.org' } });
  });

  it('reports a redirect to a login page as moved', async () => {
    const web = site({ 'https://a.com/doc': redirect('https://a.com/signin?next=%2Fdoc'), 'https://a.com/signin?next=%2Fdoc': ok });
    expect((await checkDestination('https://a.com/doc', web)).reason).toEqual({ kind: 'login', host: 'a.com' });
  });

  it('stops a redirect loop at its first repeat', async () => {
    const web = site({ 'https://a.com/1': redirect('/2'), 'https://a.com/2': redirect('/1') });
    expect(await checkDestination('https://a.com/1', web)).toEqual({ state: 'looping', reason: { kind: 'redirect-loop' } });
    expect(web.log).toHaveLength(2);
  });

  it('stops a chain that never repeats after 10 redirects', async () => {
    const routes: Record<string, Route> = {};
    for (let i = 0; i < 50; i += 1) routes[`https://a.com/${i}`] = redirect(`/${i + 1}`);
    const web = site(routes);
    expect(await checkDestination('https://a.com/0', web)).toEqual({ state: 'looping', reason: { kind: 'too-many-redirects' } });
    expect(web.log).toHaveLength(MAX_HOPS + 1);
  });

  it('never reads a huge body: its stream is cancelled', async () => {
    let pulled = 0;
    let cancelled = false;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(65_536));
      },
      cancel() {
        cancelled = true;
      },
    });
    const web = site({ 'https://big.example/': () => new Response(endless, { status: 200 }) });
    expect((await checkDestination('https://big.example/', web)).state).toBe('fine');
    expect(cancelled).toBe(true);
    expect(pulled).toBeLessThan(3);
  });

  it('ends a connection held open with its timeout, as failing', async () => {
    const web = site({ 'https://slow.example/': () => 'hang' });
    expect(await checkDestination('https://slow.example/', { fetch: web.fetch, timeout: firedTimeout() })).toEqual({ state: 'failing', reason: { kind: 'timeout' } });
  });

  it('never requests a private address, first or after a redirect', async () => {
    const web = site({ 'https://a.com/in': redirect('http://192.168.0.1/admin') });
    expect(await checkDestination('http://127.0.0.1:8080/', web)).toEqual({ state: 'not-checked', reason: { kind: 'local-address' } });
    expect(await checkDestination('https://a.com/in', web)).toEqual({ state: 'not-checked', reason: { kind: 'local-address' } });
    expect(web.log).toEqual(['HEAD https://a.com/in']);
  });

  it('does not check what is not a web address', async () => {
    const web = site({});
    expect((await checkDestination('mailto:x@a.com', web)).state).toBe('not-checked');
    expect(web.log).toEqual([]);
  });

  describe('where the browser hides redirects (opaque)', () => {
    const opaque = () => {
      const r = new Response(null, { status: 200 });
      Object.defineProperty(r, 'type', { value: 'opaqueredirect' });
      return r;
    };
    /** Manual requests see an opaque redirect; followed ones end where `end` says. */
    function browserLike(end: () => Response | Error) {
      const log: string[] = [];
      const f = ((input: string, init?: RequestInit) => {
        log.push(`${init?.method} ${init?.redirect} ${input}`);
        if (init?.redirect === 'manual') return Promise.resolve(opaque());
        const e = end();
        return e instanceof Error ? Promise.reject(e) : Promise.resolve(e);
      }) as typeof fetch;
      return { fetch: f, log };
    }

    it('lets the browser follow and judges where it ended', async () => {
      const web = browserLike(() => {
        const r = new Response(null, { status: 200 });
        Object.defineProperty(r, 'url', { value: 'https://other.org/' });
        return r;
      });
      expect(await checkDestination('https://a.com/', web)).toEqual({ state: 'moved', reason: { kind: 'other-site', host: 'other.org' } });
      expect(web.log).toEqual(['HEAD manual https://a.com/', 'HEAD follow https://a.com/']);
    });

    it('calls a chain the browser gives up on looping', async () => {
      const web = browserLike(() => new TypeError('Failed to fetch'));
      expect(await checkDestination('https://a.com/', web)).toEqual({ state: 'looping', reason: { kind: 'too-many-redirects' } });
    });
  });
});
