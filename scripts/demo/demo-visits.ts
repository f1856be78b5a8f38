/**
 * Who visits the demo links, and when: a seeded draw (the same every run, so
 * pictures before and after a change show the same figures) of visitors from
 * seven countries on the usual browsers and devices, arriving from search,
 * social sites, mail or directly, mostly in their own daytime, many on a
 * link's first days and fewer later; and the link previews and crawlers that
 * fetch a link once it is shared. Only the plan: ./demo-workspace.ts sends
 * each visit to the service as a real request to the short link.
 */

export interface Visit {
  /** Epoch ms the visit happens at (the service's clock is set to it). */
  at: number;
  userAgent: string;
  referrer: string;
  country: string;
  state: string;
  city: string;
}

const DAY = 86_400_000;

/** A small seeded generator (mulberry32): enough spread for pictures, same numbers every run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T extends { weight: number }>(random: () => number, items: readonly T[]): T {
  const total = items.reduce((sum, item) => sum + item.weight, 0);
  let left = random() * total;
  for (const item of items) {
    left -= item.weight;
    if (left < 0) return item;
  }
  return items[items.length - 1] as T;
}

/** ISO 3166-1 codes, as the usual proxies' geo headers send them; `utc` is the hours ahead of UTC. */
const PLACES = [
  { country: 'IN', utc: 5.5, weight: 36, cities: [['Maharashtra', 'Mumbai'], ['Karnataka', 'Bengaluru'], ['Delhi', 'New Delhi'], ['Tamil Nadu', 'Chennai'], ['Telangana', 'Hyderabad'], ['West Bengal', 'Kolkata']] },
  { country: 'US', utc: -5, weight: 22, cities: [['California', 'San Francisco'], ['New York', 'New York'], ['Texas', 'Austin'], ['Washington', 'Seattle']] },
  { country: 'GB', utc: 0, weight: 12, cities: [['England', 'London'], ['England', 'Manchester'], ['Scotland', 'Edinburgh']] },
  { country: 'DE', utc: 1, weight: 10, cities: [['Berlin', 'Berlin'], ['Bavaria', 'Munich'], ['Hamburg', 'Hamburg']] },
  { country: 'BR', utc: -3, weight: 8, cities: [['São Paulo', 'São Paulo'], ['Rio de Janeiro', 'Rio de Janeiro']] },
  { country: 'JP', utc: 9, weight: 7, cities: [['Tokyo', 'Tokyo'], ['Osaka', 'Osaka']] },
  { country: 'CA', utc: -5, weight: 5, cities: [['Ontario', 'Toronto'], ['British Columbia', 'Vancouver']] },
] as const;

const AGENTS = [
  { weight: 30, ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36' },
  { weight: 24, ua: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36' },
  { weight: 16, ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1' },
  { weight: 9, ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15' },
  { weight: 7, ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0' },
  { weight: 6, ua: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0' },
  { weight: 5, ua: 'Mozilla/5.0 (Linux; Android 14; SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36' },
  { weight: 3, ua: 'Mozilla/5.0 (iPad; CPU OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1' },
] as const;

/** Link-preview fetchers and crawlers: a link posted in chats and on social sites brings them within minutes. */
const PREVIEW_AGENTS = [
  'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
  'WhatsApp/2.23.20.0',
  'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
  'Twitterbot/1.0',
  'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
  'TelegramBot (like TwitterBot)',
  'http.rb/5.1.1 (Mastodon/4.2.1; +https://mastodon.social/)',
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
] as const;

const REFERRERS = [
  { weight: 34, url: '' },
  { weight: 20, url: 'https://www.google.com/' },
  { weight: 12, url: 'https://www.linkedin.com/' },
  { weight: 10, url: 'https://t.co/' },
  { weight: 9, url: 'https://mail.google.com/' },
  { weight: 8, url: 'https://www.facebook.com/' },
  { weight: 7, url: 'https://news.ycombinator.com/' },
] as const;

/** Local hours of the day, weighted towards waking and working hours. */
const HOURS = Array.from({ length: 24 }, (_, hour) => ({ hour, weight: hour < 7 ? 1 : hour < 9 ? 4 : hour < 18 ? 8 + (hour === 12 || hour === 13 ? 3 : 0) : hour < 23 ? 5 : 2 }));

/** When a link `ageDays` old was made: 09:00 UTC that day, so the plan does not move with the hour it is run at. */
export function createdAt(ageDays: number, now: number): number {
  return Math.floor(now / DAY) * DAY - ageDays * DAY + 9 * 3_600_000;
}

/**
 * `count` visits of a link made `ageDays` days before `now` (at createdAt),
 * spread over its life: many on the first days, then fewer. The draw depends
 * only on the day, not the hour: visits planned for later today are pressed
 * into the part of today already past, so every figure but today's hours is
 * the same on every run of a day. Sorted by time; none after `now`.
 */
export function planVisits(count: number, ageDays: number, now: number, seed: number): Visit[] {
  const random = seededRandom(seed);
  const today = Math.floor(now / DAY) * DAY;
  const created = createdAt(ageDays, now);
  const visits: Visit[] = [];
  while (visits.length < count) {
    // Days since creation: an exponential fall-off, so the trend has a launch and a tail.
    const day = Math.floor(-Math.log(1 - random()) * (ageDays / 3));
    const place = pick(random, PLACES);
    const localHour = pick(random, HOURS).hour;
    const minute = random() * 60;
    const [state, city] = place.cities[Math.floor(random() * place.cities.length)] ?? ['', ''];
    const userAgent = pick(random, AGENTS).ua;
    const referrer = pick(random, REFERRERS).url;
    const dayStart = Math.floor((created + day * DAY) / DAY) * DAY;
    let at = Math.round(dayStart + ((localHour - place.utc + 24) % 24) * 3_600_000 + minute * 60_000);
    if (day > ageDays || at <= created || at >= today + DAY) continue;
    // A minute of margin: the visits are sent after this plan is made, but they must not be in the service's future.
    if (at >= today) at = Math.round(today + ((at - today) * Math.max(0, now - 60_000 - today)) / DAY);
    visits.push({ at, userAgent, referrer, country: place.country, state, city });
  }
  return visits.sort((a, b) => a.at - b.at);
}

/**
 * `count` fetches of a link by link previews and crawlers (PREVIEW_AGENTS in
 * turn) in its first hours: the service redirects them and counts them apart
 * from clicks, so the side panel says how many it left out. Sorted by time.
 */
export function planPreviews(count: number, ageDays: number, now: number, seed: number): Visit[] {
  const random = seededRandom(seed);
  const created = createdAt(ageDays, now);
  return Array.from({ length: count }, (_, i) => ({
    at: Math.min(now - 60_000, created + Math.round((1 + random() * 180) * 60_000)),
    userAgent: PREVIEW_AGENTS[i % PREVIEW_AGENTS.length] as string,
    referrer: '',
    country: '',
    state: '',
    city: '',
  })).sort((a, b) => a.at - b.at);
}
