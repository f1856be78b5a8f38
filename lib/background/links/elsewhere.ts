/**
 * "You already have a link to this page in <profile>" (issue 37): a link for
 * the page in the link cache or recent list of a profile other than the
 * active one, so a user with several workspaces does not make a second link
 * without knowing. The page is the URL as the active profile would send it
 * (cleaned and planned by lib/site-rules/link-plan.ts, as every new link is),
 * compared by lib/campaign/same-page.ts. Profiles on the same service and
 * workspace as the active one share its cache and are not "another".
 */
import { samePageKey } from '../../campaign/same-page';
import { checkDestinationUrl } from '../../contract/url';
import type { LinkSetup } from '../../site-rules/link-setup';
import { planLink } from '../../site-rules/link-plan';
import type { CachedLink, LinkCache, LinkScope } from '../../storage/links';
import type { ProfileSet } from '../../storage/profiles';
import type { Connection, Preferences } from '../../storage/settings';

export interface LinkElsewhere {
  /** The other profile's name, as the user gave it. */
  profile: string;
  link: CachedLink;
}

export interface ElsewhereDeps {
  profiles: () => Promise<ProfileSet>;
  cache: Pick<LinkCache, 'known' | 'lookup'>;
  getPreferences: () => Promise<Preferences>;
  linkSetup: (conn: Connection) => Promise<LinkSetup>;
}

/** Finds, for URLs as the active profile sends them, another profile's link to the same page. */
export type ElsewhereFinder = (sentUrl: string) => LinkElsewhere | null;

/** Reads every other profile's known links once; null when there is no other profile (nothing read). */
const scopeKey = (scope: LinkScope) => `${scope.baseUrl} ${scope.workspaceId}`;

export async function elsewhereFinder(deps: Pick<ElsewhereDeps, 'profiles' | 'cache'>, active: LinkScope, ignoreCampaign: boolean): Promise<ElsewhereFinder | null> {
  const mine = scopeKey(active);
  const others = new Map<string, { name: string; scope: LinkScope }>();
  for (const p of (await deps.profiles()).profiles) {
    const scope = { baseUrl: p.baseUrl, workspaceId: p.workspaceId };
    if (p.baseUrl === '' || p.workspaceId === '' || scopeKey(scope) === mine || others.has(scopeKey(scope))) continue;
    others.set(scopeKey(scope), { name: p.name, scope });
  }
  if (others.size === 0) return null;
  const byPage = new Map<string, LinkElsewhere>();
  const lists = await Promise.all([...others.values()].map(async ({ name, scope }) => ({ name, links: await deps.cache.known(scope).catch(() => []) })));
  for (const { name, links } of lists) {
    for (const link of links) {
      const key = samePageKey(link.longUrl, ignoreCampaign);
      if (!byPage.has(key)) byPage.set(key, { profile: name, link });
    }
  }
  return (sentUrl) => byPage.get(samePageKey(sentUrl, ignoreCampaign)) ?? null;
}

/** The popup's question for one page: another profile's link, unless the active profile has one (its own is shown then). */
export function createElsewhere(deps: ElsewhereDeps) {
  return async function linkElsewhere(conn: Connection, url: string): Promise<LinkElsewhere | null> {
    const verdict = checkDestinationUrl(url);
    if (!verdict.ok) return null;
    const active = { baseUrl: conn.baseUrl, workspaceId: conn.workspaceId };
    const prefs = await deps.getPreferences();
    const find = await elsewhereFinder(deps, active, prefs.samePageIgnoresCampaign);
    if (find === null) return null;
    const planned = checkDestinationUrl(planLink(verdict.url, await deps.linkSetup(conn), prefs).longUrl);
    const sent = planned.ok ? planned.url : verdict.url;
    const [own, ownAsTyped] = await Promise.all([deps.cache.lookup(active, sent), deps.cache.lookup(active, verdict.url)]);
    if (own !== null || ownAsTyped !== null) return null;
    return find(sent);
  };
}
