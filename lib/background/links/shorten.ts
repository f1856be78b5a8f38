/**
 * The shorten flow the popup, the context menu and the keyboard command share:
 * check locally, answer from the cache when nothing new is asked for, else
 * hand the request, with an idempotency key made now, to the offline queue,
 * which persists it and runs it at once through the same handler a replay
 * uses (docs/design.md, Data flow). A request that cannot be carried out now, or
 * whose outcome is unknown, stays queued under that same key.
 */
import { toErrorInfo, type ErrorInfo } from '../../api/errors';
import { keywordProblem } from '../../contract/keyword';
import { TAGS_PER_LINK_MAX, type CreateLinkBody } from '../../contract/schemas/index';
import { rememberQuietly, type CachedLink, type LinkCache, type LinkScope } from '../../storage/links';
import type { OfflineQueue, QueueItemOf, RunOutcome } from '../../queue/queue';
import { FinalFailure } from '../../queue/handlers';
import { outcomeUnknown as queuedOutcomeUnknown } from '../../queue/failure';
import { createLinkJoinKey } from '../../queue/join';
import { queueProfileOf } from '../../storage/profiles';
import { isConfigured, type Connection, type Preferences } from '../../storage/settings';
import { hostOfUrl, normaliseHost } from '../../contract/host';
import { checkDestinationUrl, type UrlProblem } from '../../contract/url';
import { sendableTags } from '../../tags/sendable-tags';
import { planLink, type LinkPlan } from '../../site-rules/link-plan';
import { UTM_FIELDS, utmValueProblem, type UtmValues } from '../../campaign/utm';
import type { ShortenRequest as AskedShorten } from '../../messaging/send-message';
import type { LinkSetup } from '../../site-rules/link-setup';

/**
 * What a shorten is asked with: the pages' request (its one definition is
 * lib/messaging/protocol/links.ts), less the replacing that its handler does
 * after, and two asks only the background makes: `customDomain: null` (the
 * service's own domain) and `copy` (copy when a queued request finishes
 * later; absent: the user's preference).
 */
export type ShortenRequest = Omit<AskedShorten, 'replaces' | 'replacesUrl' | 'customDomain'> & {
  customDomain?: string | null;
  copy?: boolean;
  /**
   * A URL that cleaning, the site rule or its template turn into one that is
   * refused is refused (`planned`), rather than shortened as it was: "Paste as
   * short link" and "Shorten the links in this text box" leave the user's
   * text alone then.
   */
  strict?: true;
};

/** What cleaning did to the URL before it was shortened. */
export interface CleanNote {
  /** The URL as it was given (parsed), what Undo shortens. */
  original: string;
  removed: string[];
  unwrappedFrom: string | null;
}

export type ShortenOutcome =
  | {
      status: 'done';
      link: CachedLink;
      fromCache: boolean;
      /** The link exists but its tags could not be set yet; they are queued as this item. */
      tagsQueued?: string;
      /** The link exists but the service refused its tags. */
      tagsError?: ErrorInfo;
      /** Cleaning changed the URL: what it removed. */
      cleaned?: CleanNote;
      /** Cleaning gave an empty or invalid URL: the URL was shortened as it was. */
      cleanFailed?: true;
      /** The site rule that applied: its pattern and place in the list; the template it wrote, by name. */
      rule?: { pattern: string; index: number; template?: string };
    }
  /** `outcomeUnknown`: the service answered, but not readably; the link may exist already. */
  | { status: 'queued'; itemId: string; outcomeUnknown?: true }
  | { status: 'keyword-taken'; recommendedUrls: string[] }
  | { status: 'error'; error: ErrorInfo }
  | { status: 'not-configured' }
  /** `planned`: the URL was valid, but what cleaning or the site rule made of it is not (a `strict` request only). */
  | { status: 'invalid-url'; problem: UrlProblem; planned?: true };

export interface ShortenerDeps {
  /** The queue's: persists the item and sends it now (lib/queue/queue.ts). */
  runNow: OfflineQueue['runNow'];
  cache: Pick<LinkCache, 'lookup' | 'remember' | 'rememberAlias'>;
  settings: { getConnection(): Promise<Connection>; getPreferences(): Promise<Preferences> };
  /** The workspace's tags as the service last listed them: sent as they came, never judged by the rules for typed tags. */
  listedTags?: (scope: LinkScope) => Promise<readonly string[]>;
  newKey?: () => string;
  /** The profile's templates and site rules (lib/site-rules/link-setup.ts); absent: none. */
  linkSetup?: (conn: Connection) => Promise<LinkSetup>;
}

export interface Shortener {
  /** `conn`: the profile the operation began under (absent: the active one, read now). */
  shorten(request: ShortenRequest, conn?: Connection): Promise<ShortenOutcome>;
}

export function createShortener(deps: ShortenerDeps): Shortener {
  const newKey = deps.newKey ?? (() => crypto.randomUUID());

  async function shorten(request: ShortenRequest, given?: Connection): Promise<ShortenOutcome> {
    const [conn, prefs] = await Promise.all([given ?? deps.settings.getConnection(), deps.settings.getPreferences()]);
    if (!isConfigured(conn)) return { status: 'not-configured' };

    const ownHosts = [new URL(conn.baseUrl).host];
    const verdict = checkDestinationUrl(request.url, ownHosts);
    if (!verdict.ok) return { status: 'invalid-url', problem: verdict.problem };
    const badField = UTM_FIELDS.find((field) => request.utm?.[field] !== undefined && utmValueProblem(request.utm[field]) !== null);
    if (badField !== undefined) return invalid('UTM_VALUE_INVALID', [badField]);
    const setup = (await deps.linkSetup?.(conn)) ?? { rules: [], templates: [] };
    const plan = planLink(verdict.url, setup, prefs, {
      ...(request.clean !== undefined ? { clean: request.clean } : {}),
      ...(request.utm !== undefined ? { utm: request.utm } : {}),
    });
    const { longUrl, note, refused: plannedProblem } = judged(plan, verdict.url, ownHosts);
    if (request.strict && plannedProblem !== undefined) return { status: 'invalid-url', problem: plannedProblem, planned: true };

    const keywordType = request.keywordType ?? prefs.keywordType;
    const keyword = request.keyword?.trim() ?? '';
    if (keywordType === 'CUSTOM') {
      if (keyword === '') return invalid('KEYWORD_REQUIRED');
      const problem = keywordProblem(keyword);
      if (problem) return invalid(problem.code, [keyword]);
    }

    const scope: LinkScope = { baseUrl: conn.baseUrl, workspaceId: conn.workspaceId };
    const asked = request.tags ?? [];
    const wanted = request.tags ?? plan.rule?.tags ?? prefs.defaultTags;
    // The list is read only when there are tags: a plain shorten answered from the cache stays one lookup.
    const tags = wanted.length === 0 ? [] : normaliseTags(wanted, (await deps.listedTags?.(scope)) ?? []);
    if ('code' in tags) return invalid(tags.code, tags.values);

    const explicitDomain = request.customDomain !== undefined;
    const ruleDomain = plan.rule?.domain;
    const customDomain = (explicitDomain ? request.customDomain : ruleDomain !== undefined ? ruleDomain : prefs.defaultDomain) || null;

    // Only a plain request may be answered from the cache: a keyword, a chosen domain or tags ask for a new link.
    const plain = keywordType === 'HASH' && asked.length === 0 && (!explicitDomain || customDomain === null);
    // What the popup's fast path will find by the page's own address next time (rememberAlias).
    // Not awaited: the cache's writes are gathered (up to 500 ms apart), and the user waits for the link only.
    const alias = (link: CachedLink) => {
      if (plain && !explicitDomain && request.clean === undefined && request.utm === undefined && longUrl !== verdict.url) {
        deps.cache.rememberAlias(scope, verdict.url, link).catch((err: unknown) => console.error('could not cache the alias', err));
      }
    };
    if (!request.force && plain) {
      const cached = await deps.cache.lookup(scope, longUrl);
      if (cached && onDomain(cached, customDomain)) {
        alias(cached);
        return { status: 'done', link: cached, fromCache: true, ...note };
      }
    }

    const body: CreateLinkBody = {
      workspaceId: conn.workspaceId,
      keywordType,
      longUrl,
      customDomain,
      ...(keywordType === 'CUSTOM' ? { keyword } : {}),
    };
    const payload = { body, ...(tags.length > 0 ? { tags } : {}), copy: request.copy ?? prefs.copyToClipboard, notify: prefs.notifyQueued };

    let run: RunOutcome<'create-link'>;
    const { profile } = queueProfileOf(conn);
    try {
      // The key is made once, now: a retry from the queue must be recognised by the service as this same request.
      // The same request already waiting or being sent is joined (one item, one key, one link: lib/queue/join.ts).
      run = await deps.runNow('create-link', payload, {
        idempotencyKey: newKey(),
        ...(profile !== undefined ? { profile } : {}),
        joinKey: createLinkJoinKey(payload, profile),
      });
    } catch (err) {
      return { status: 'error', error: toErrorInfo(err) };
    }
    // Done: the queue's onDone puts the link in the cache (lib/background/queue/finished-work.ts), as for a replay.
    if (run.status === 'done') {
      alias(run.result.link);
      return { status: 'done', link: run.result.link, fromCache: false, ...note };
    }

    const made = linkMade(run.item);
    if (made === null) {
      if (run.status === 'queued') return { status: 'queued', itemId: run.item.id, ...(outcomeUnknown(run) ? { outcomeUnknown: true } : {}) };
      return refused(run.error);
    }
    // The link exists; only its tags failed. The user gets the link now.
    await rememberQuietly(deps.cache, scope, made);
    return run.status === 'queued'
      ? { status: 'done', link: made, fromCache: false, tagsQueued: run.item.id, ...note }
      : { status: 'done', link: made, fromCache: false, tagsError: toErrorInfo(run.error), ...note };
  }

  return { shorten };
}

/**
 * The URL a shorten of `url` with these campaign values would make its link for (cleaned, with its
 * site rule), as `shorten` plans it; null when it would refuse the URL or a value. Customise's preview.
 */
export function finalUrlFor(url: string, conn: Connection, prefs: Preferences, setup: LinkSetup, utm?: Partial<UtmValues>): string | null {
  if (!isConfigured(conn)) return null;
  const ownHosts = [new URL(conn.baseUrl).host];
  const verdict = checkDestinationUrl(url, ownHosts);
  if (!verdict.ok) return null;
  if (UTM_FIELDS.some((field) => utm?.[field] !== undefined && utmValueProblem(utm[field]) !== null)) return null;
  return judged(planLink(verdict.url, setup, prefs, utm !== undefined ? { utm } : {}), verdict.url, ownHosts).longUrl;
}

type PlanNote = Pick<Extract<ShortenOutcome, { status: 'done' }>, 'cleaned' | 'cleanFailed' | 'rule'>;

/**
 * The plan's URL, judged again, and what to say of it: a URL that cleaning or the campaign values make
 * invalid (or point at the service itself) is shortened as it was, with a note.
 */
function judged(plan: LinkPlan, url: string, ownHosts: string[]): { longUrl: string; note: PlanNote; refused?: UrlProblem } {
  const note: PlanNote = {};
  if (plan.rule !== undefined) note.rule = { pattern: plan.rule.pattern, index: plan.rule.index, ...(plan.template !== undefined ? { template: plan.template } : {}) };
  if (plan.cleanFailed) note.cleanFailed = true;
  if (plan.longUrl === url) return { longUrl: url, note };
  const verdict = checkDestinationUrl(plan.longUrl, ownHosts);
  if (!verdict.ok) return { longUrl: url, note: { ...note, cleanFailed: true }, refused: verdict.problem };
  if (plan.cleaned !== undefined) note.cleaned = plan.cleaned;
  return { longUrl: verdict.url, note };
}

/** The link a create-link item already made (its first step is done), or null. */
function linkMade(item: QueueItemOf<'create-link'>): CachedLink | null {
  if (item.progress === null) return null;
  const { body } = item.payload;
  return { ...item.progress, workspaceId: body.workspaceId, longUrl: body.longUrl };
}

/**
 * A cut-off or unreadable answer: the request reached the service, which may have made the link.
 * A joined item says so by the error it recorded.
 */
function outcomeUnknown(run: Extract<RunOutcome<'create-link'>, { status: 'queued' }>): boolean {
  if (run.joined === true) return queuedOutcomeUnknown(run.item.lastError);
  return toErrorInfo(run.error).kind === 'invalid-response';
}

function refused(err: unknown): ShortenOutcome {
  if (err instanceof FinalFailure) {
    if (err.code === 'KEYWORD_TAKEN') return { status: 'keyword-taken', recommendedUrls: [...err.recommendedUrls] };
    return { status: 'error', error: { kind: 'service', code: err.code, message: err.message } };
  }
  return { status: 'error', error: toErrorInfo(err) };
}

function invalid(code: string, values: string[] = []): ShortenOutcome {
  return { status: 'error', error: { kind: 'invalid-input', code, message: code, ...(values.length > 0 ? { values } : {}) } };
}

/**
 * Without empties and duplicates, typed ones trimmed and in NFC; or why they cannot be sent (a code, and the
 * offending typed tag or the limit). `listed`: the workspace's tags, sent as the service listed them.
 */
export function normaliseTags(raw: readonly string[], listed: readonly string[]): string[] | { code: string; values: string[] } {
  const verdict = sendableTags(raw, listed);
  if (verdict.ok) return verdict.tags;
  if (verdict.problem === 'too-many') return { code: 'TOO_MANY_TAGS', values: [String(TAGS_PER_LINK_MAX)] };
  return { code: 'INVALID_TAG', values: [verdict.tag.slice(0, 60)] };
}

/** A cached link fits when no domain is asked for, or when it lives on the asked one (hosts in lib/contract/host.ts's normal form). */
export function onDomain(link: CachedLink, domain: string | null): boolean {
  if (domain === null) return true;
  const asked = normaliseHost(domain);
  try {
    return asked !== null && hostOfUrl(new URL(link.shortUrl))?.hostname === asked.hostname;
  } catch {
    return false;
  }
}
