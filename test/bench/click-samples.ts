/**
 * Realistic random clicks for the benches: skewed browser, device and
 * platform shares, a few hundred places (India's states and cities among
 * them, for advAnalytics), times over the last 400 days weighted towards
 * recent days and daytime hours. Seeded, so every run inserts the same data.
 */
import { INDIA_STATES } from '../../server/analytics/india-states';
import type { ClickRow } from '../../server/clicks/click-row';

/** mulberry32: a small, fast, seedable PRNG. */
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

/** Picks a value with probability proportional to its weight, by binary search over cumulative weights. */
function weighted<T>(entries: readonly (readonly [T, number])[]): (r: number) => T {
  const values = entries.map(([value]) => value);
  const cumulative: number[] = [];
  let total = 0;
  for (const [, w] of entries) cumulative.push((total += w));
  return (r) => {
    const x = r * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] ?? 0) > x) hi = mid;
      else lo = mid + 1;
    }
    return values[lo] as T;
  };
}

const browser = weighted([['Chrome', 55], ['Safari', 20], ['Microsoft Edge', 8], ['Firefox', 6], ['Samsung Internet for Android', 5], ['Opera', 3], ['Unknown', 3]] as const);
const device = weighted([['Mobile', 58], ['Desktop', 38], ['Tablet', 3], ['Bot', 1]] as const);
const platform = weighted([['Android', 45], ['iOS', 20], ['Windows', 22], ['macOS', 8], ['Linux', 3], ['Unknown', 2]] as const);

type Place = readonly [country: string, state: string, city: string];
const PLACES: (readonly [Place, number])[] = [];
for (const state of INDIA_STATES) {
  for (let c = 0; c < 4; c += 1) PLACES.push([['IN', state.name, `${state.name} city ${c + 1}`], 45 / (36 * 4)]);
}
for (const [country, states, share] of [
  ['US', ['California', 'Texas', 'New York', 'Florida', 'Illinois', 'Washington', 'Georgia', 'Ohio', 'Virginia', 'Oregon'], 20],
  ['GB', ['England', 'Scotland', 'Wales'], 8],
  ['DE', ['Bavaria', 'Berlin', 'Hesse'], 5],
  ['BR', ['São Paulo', 'Rio de Janeiro'], 5],
  ['FR', ['Île-de-France'], 2],
  ['JP', ['Tokyo', 'Osaka'], 2],
  ['PK', ['Punjab', 'Sindh'], 3],
] as const) {
  for (const state of states) {
    for (let c = 0; c < 4; c += 1) PLACES.push([[country, state, `${state} city ${c + 1}`], share / (states.length * 4)]);
  }
}
PLACES.push([['Unknown', 'Unknown', 'Unknown'], 10]);
const place = weighted(PLACES);

// Fewer clicks at night (UTC hours shifted towards Indian daytime).
const hour = weighted(Array.from({ length: 24 }, (_, h) => [h, 1 + 4 * Math.max(0, Math.sin(((h - 1) / 24) * Math.PI * 2))] as const));

const DAY = 86_400_000;

export function* sampleClicks(linkId: string, count: number, now: number, random: () => number): Generator<ClickRow> {
  const today = Math.floor(now / DAY) * DAY;
  for (let i = 0; i < count; i += 1) {
    const daysAgo = Math.floor(400 * random() ** 1.7);
    const [country, state, city] = place(random());
    let atMs = today - daysAgo * DAY + hour(random()) * 3_600_000 + Math.floor(random() * 3_600_000);
    if (atMs > now) atMs -= DAY;
    yield {
      linkId, atMs,
      browser: browser(random()), device: device(random()), platform: platform(random()),
      country, state, city,
      referrer: random() < 0.4 ? 'https://t.co' : '',
    };
  }
}
