import { createBotCheck } from '../clicks/bot-check';
import type { AppContext } from '../context';

/** Request headers by lower-case name, as node:http's `req.headers` and Hono's `c.req.header()` give them. */
type RequestHeaders = Readonly<Record<string, string | string[] | undefined>>;

/** A header's value when sent once; repeated or absent ones (never so for these) count as absent. */
function one(headers: RequestHeaders, name: string): string | undefined {
  const value = headers[name];
  return typeof value === 'string' ? value : undefined;
}

/**
 * The one place a redirect turns into a click, for both listeners (the Hono
 * route and the node:http fast path): HEAD records nothing (link checkers,
 * unfurlers and prefetchers send HEAD, a person never does), and only the
 * configured trusted geo headers are read. A visit whose User-Agent is a
 * known bot is recorded with its flag (counted apart, never as a click) and
 * counted for /metrics, unless `--count-bots` keeps every visit a click; the
 * check is cached per User-Agent (bot-check.ts). The recorder only buffers.
 */
export function createClickCapture(ctx: AppContext): (method: string, linkId: string, headers: RequestHeaders) => void {
  const lower = (name: string | undefined) => (name ? name.toLowerCase() : undefined);
  const country = lower(ctx.config.geoHeaders.country);
  const state = lower(ctx.config.geoHeaders.state);
  const city = lower(ctx.config.geoHeaders.city);
  const isBot = ctx.config.countBots ? null : createBotCheck();
  return (method, linkId, headers) => {
    if (method === 'HEAD') return;
    const userAgent = one(headers, 'user-agent') ?? '';
    const bot = isBot !== null && isBot(userAgent);
    if (bot) ctx.metrics?.botVisit();
    ctx.clicks.record({
      linkId,
      at: ctx.now().getTime(),
      userAgent,
      referrer: one(headers, 'referer') ?? '',
      country: country ? (one(headers, country) ?? null) : null,
      state: state ? (one(headers, state) ?? null) : null,
      city: city ? (one(headers, city) ?? null) : null,
      bot,
    });
  };
}
