import Bowser from 'bowser';
import { LABEL_MAX_LENGTH, UNKNOWN, cleanText } from './sanitize';

export interface UserAgentLabels {
  browser: string;
  device: string;
  platform: string;
}

/** bowser's platform types, as they are shown in charts. */
const DEVICE_NAMES: Readonly<Record<string, string>> = {
  desktop: 'Desktop',
  mobile: 'Mobile',
  tablet: 'Tablet',
  tv: 'TV',
  bot: 'Bot',
};

const UNKNOWN_LABELS: UserAgentLabels = { browser: UNKNOWN, device: UNKNOWN, platform: UNKNOWN };

/** Longest User-Agent parsed; real ones are under 500 characters, longer ones are abuse. */
const UA_MAX_LENGTH = 1024;

/** Browser name, device type and OS name of a User-Agent, "Unknown" for what it does not say. */
export function parseUserAgent(userAgent: string): UserAgentLabels {
  const ua = userAgent.slice(0, UA_MAX_LENGTH).trim();
  // bowser throws on an empty string.
  if (ua === '') return UNKNOWN_LABELS;
  const parsed = Bowser.parse(ua);
  return {
    browser: cleanText(parsed.browser.name, LABEL_MAX_LENGTH) || UNKNOWN,
    device: DEVICE_NAMES[parsed.platform.type ?? ''] ?? UNKNOWN,
    platform: cleanText(parsed.os.name, LABEL_MAX_LENGTH) || UNKNOWN,
  };
}

/**
 * `parseUserAgent` behind a bounded cache. Parsing costs tens of microseconds
 * (bowser tries dozens of regular expressions) and a few User-Agent strings
 * make up most traffic, so a flush of thousands of clicks parses each once.
 */
export function createUserAgentCache(maxEntries = 2000): (userAgent: string) => UserAgentLabels {
  const cache = new Map<string, UserAgentLabels>();
  return (userAgent) => {
    const hit = cache.get(userAgent);
    if (hit) return hit;
    const labels = parseUserAgent(userAgent);
    // Drop the oldest entry (Map keeps insertion order): a cheap FIFO is enough here.
    if (cache.size >= maxEntries) {
      const oldest = cache.keys().next();
      if (!oldest.done) cache.delete(oldest.value);
    }
    cache.set(userAgent, labels);
    return labels;
  };
}
