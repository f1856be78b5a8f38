import type { AppContext } from '../context';

/** Reads one request header by its lower-case name; undefined when absent. */
export type HeaderReader = (name: string) => string | undefined;

/**
 * The one place a redirect turns into a click, for both listeners (the Hono
 * route and the node:http fast path): HEAD records nothing (link checkers,
 * unfurlers and prefetchers send HEAD, a person never does), and only the
 * configured trusted geo headers are read. The recorder only buffers.
 */
export function createClickCapture(ctx: AppContext): (method: string, linkId: string, header: HeaderReader) => void {
  const lower = (name: string | undefined) => (name ? name.toLowerCase() : undefined);
  const country = lower(ctx.config.geoHeaders.country);
  const state = lower(ctx.config.geoHeaders.state);
  const city = lower(ctx.config.geoHeaders.city);
  return (method, linkId, header) => {
    if (method === 'HEAD') return;
    ctx.clicks.record({
      linkId,
      at: ctx.now().getTime(),
      userAgent: header('user-agent') ?? '',
      referrer: header('referer') ?? '',
      country: country ? (header(country) ?? null) : null,
      state: state ? (header(state) ?? null) : null,
      city: city ? (header(city) ?? null) : null,
    });
  };
}
