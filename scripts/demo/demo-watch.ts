/**
 * What `npm start` tells the person watching its terminal while it runs:
 * each link made in the demo workspace and each click it gets, read from the
 * service's own list of links every two seconds (the list carries each
 * link's click count), one plain line each.
 */

interface ListedLink {
  _id: string;
  shortUrl: string;
  longUrl: string;
  totalClicks?: number;
}

interface WatchOptions {
  apiBase: string;
  token: string;
  workspaceId: string;
  print: (line: string) => void;
  everyMs?: number;
}

async function firstPage(o: WatchOptions): Promise<ListedLink[]> {
  const res = await fetch(`${o.apiBase}/link?workspaceId=${encodeURIComponent(o.workspaceId)}&pageSize=100`, {
    headers: { authorization: `Bearer ${o.token}` },
  });
  if (!res.ok) return [];
  return ((await res.json()) as { data: { list: ListedLink[] } }).data.list;
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** Starts watching; the returned function stops it. Links that exist when it starts are not announced. */
export async function watchDemo(o: WatchOptions): Promise<() => void> {
  const seen = new Map((await firstPage(o)).map((l) => [l._id, l.totalClicks ?? 0]));
  let stopped = false;
  const tick = async () => {
    for (const link of (await firstPage(o).catch(() => [])).reverse()) {
      const clicks = link.totalClicks ?? 0;
      const before = seen.get(link._id);
      if (before === undefined) o.print(`Link made: ${link.shortUrl} → ${link.longUrl}`);
      if (clicks > (before ?? 0)) o.print(`Click on ${link.shortUrl} (${plural(clicks, 'click')} in all)`);
      seen.set(link._id, clicks);
    }
  };
  const timer = setInterval(() => {
    if (!stopped) void tick();
  }, o.everyMs ?? 2000);
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
