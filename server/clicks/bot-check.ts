/**
 * Whether a visit's User-Agent is a known bot, crawler or link-preview
 * fetcher (Slack, WhatsApp, Twitterbot, Googlebot, Mastodon's instances…),
 * by the isbot package's list, kept up to date by its maintainers rather
 * than a pattern of ours. Such visits get their redirect but are counted
 * apart from people's clicks (docs/service.md, "Visits by bots").
 */
import { isbot } from 'isbot';

/**
 * Characters of a User-Agent judged, as user-agent.ts labels it: real ones
 * are under 500. isbot reads a 10 KB one in about 200 µs, ten redirects'
 * worth, so a stream of long made-up ones would cost that each; cut, the
 * worst is about 20 µs, and the cache's keys stay small.
 */
export const BOT_CHECK_MAX_LENGTH = 1024;

/** User-Agents remembered: a few hundred strings make up nearly all traffic. */
const DEFAULT_ENTRIES = 10_000;

/**
 * isbot behind a bounded cache, for the redirect's path: a hit is one Map
 * lookup, a miss one regular expression (a few µs). When full, the oldest
 * entry goes (Map keeps insertion order): a flood of made-up User-Agents
 * only costs the lookups it causes. An empty or missing User-Agent is a
 * person, unless isbot says otherwise of what is there. `classify` is
 * isbot but in the tests of the cache.
 */
export function createBotCheck(maxEntries = DEFAULT_ENTRIES, classify: (userAgent: string) => boolean = isbot): (userAgent: string) => boolean {
  const cache = new Map<string, boolean>();
  return (userAgent) => {
    const ua = userAgent.length > BOT_CHECK_MAX_LENGTH ? userAgent.slice(0, BOT_CHECK_MAX_LENGTH) : userAgent;
    let bot = cache.get(ua);
    if (bot === undefined) {
      bot = classify(ua);
      if (cache.size >= maxEntries) {
        const oldest = cache.keys().next();
        if (!oldest.done) cache.delete(oldest.value);
      }
      cache.set(ua, bot);
    }
    return bot;
  };
}
