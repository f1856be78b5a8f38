/**
 * The shorten flow the popup, the context menu and the keyboard command share:
 * check locally, answer from the cache when nothing new is asked for, else
 * create the link with an idempotency key made now, and queue it under that
 * same key when the service cannot be reached (DESIGN.md, Data flow).
 */
import * as v from 'valibot';
import type { ApiClient } from './api/client';
import { isRetryable, toErrorInfo, type ErrorInfo } from './api/errors';
import { keywordProblem } from './api/keyword';
import { TAGS_PER_LINK_MAX, TagNameSchema, type CreateLinkBody, type CreateLinkData, type KeywordType } from './api/schemas';
import type { CachedLink, LinkCache, LinkScope } from './links';
import { toCachedLink } from './links';
import type { OfflineQueue, QueueItemOf, QueueKind, ResultOf } from './queue';
import { HASH_FAILED } from './queue/handlers';
import { isConfigured, type Connection, type Preferences } from './settings';
import { checkDestinationUrl, type UrlProblem } from './url';

export interface ShortenRequest {
  url: string;
  /** Absent: the user's preference. */
  keywordType?: KeywordType;
  keyword?: string;
  /** Absent: the user's default domain; null: the service's own domain. */
  customDomain?: string | null;
  tags?: string[];
  /** Make a new link even when one is cached for this URL. */
  force?: boolean;
  /** Copy the link when a queued request finishes later. Absent: the user's preference. */
  copy?: boolean;
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
    }
  | { status: 'queued'; itemId: string }
  | { status: 'keyword-taken'; recommendedUrls: string[] }
  | { status: 'error'; error: ErrorInfo }
  | { status: 'not-configured' }
  | { status: 'invalid-url'; problem: UrlProblem };

export interface ShortenerDeps {
  getClient: () => ApiClient | Promise<ApiClient>;
  queue: Pick<OfflineQueue, 'hold' | 'progress' | 'settle'>;
  cache: Pick<LinkCache, 'lookup' | 'remember' | 'forget'>;
  settings: { getConnection(): Promise<Connection>; getPreferences(): Promise<Preferences> };
  now?: () => number;
  newKey?: () => string;
}

export interface Shortener {
  shorten(request: ShortenRequest): Promise<ShortenOutcome>;
  /** Resolves when the bookkeeping of every answered shorten (queue, cache) is written. */
  settled(): Promise<void>;
  /**
   * Call from the queue's `onDone`: keeps the cache and recent list in step
   * with work that finished in the background.
   */
  onQueueDone<K extends QueueKind>(item: QueueItemOf<K>, result: ResultOf<K>): Promise<void>;
}

export function createShortener(deps: ShortenerDeps): Shortener {
  const now = deps.now ?? Date.now;
  const newKey = deps.newKey ?? (() => crypto.randomUUID());

  let bookkeeping: Promise<unknown> = Promise.resolve();
  function track(work: Promise<unknown>): void {
    bookkeeping = Promise.all([bookkeeping, work.catch((err: unknown) => console.error('shorten bookkeeping failed', err))]);
  }

  async function shorten(request: ShortenRequest): Promise<ShortenOutcome> {
    const [conn, prefs] = await Promise.all([deps.settings.getConnection(), deps.settings.getPreferences()]);
    if (!isConfigured(conn)) return { status: 'not-configured' };

    const verdict = checkDestinationUrl(request.url, [new URL(conn.baseUrl).host]);
    if (!verdict.ok) return { status: 'invalid-url', problem: verdict.problem };
    const longUrl = verdict.url;

    const keywordType = request.keywordType ?? prefs.keywordType;
    const keyword = request.keyword?.trim() ?? '';
    if (keywordType === 'CUSTOM') {
      if (keyword === '') return invalid('INVALID_KEYWORD', 'Enter a custom keyword.');
      const problem = keywordProblem(keyword);
      if (problem) return invalid(problem.code, `The ${problem.message}.`);
    }

    const tags = normaliseTags(request.tags ?? []);
    if (typeof tags === 'string') return invalid('INVALID_TAG', tags);

    const explicitDomain = request.customDomain !== undefined;
    const customDomain = (explicitDomain ? request.customDomain : prefs.defaultDomain) || null;
    const scope: LinkScope = { baseUrl: conn.baseUrl, workspaceId: conn.workspaceId };

    // Only a plain request may be answered from the cache: a keyword, a chosen domain or tags ask for a new link.
    if (!request.force && keywordType === 'HASH' && tags.length === 0 && (!explicitDomain || customDomain === null)) {
      const cached = await deps.cache.lookup(scope, longUrl);
      if (cached && onDomain(cached, customDomain)) return { status: 'done', link: cached, fromCache: true };
    }

    const body: CreateLinkBody = {
      workspaceId: conn.workspaceId,
      keywordType,
      longUrl,
      customDomain,
      ...(keywordType === 'CUSTOM' ? { keyword } : {}),
    };
    const payload = { body, ...(tags.length > 0 ? { tags } : {}), copy: request.copy ?? prefs.copyToClipboard, notify: prefs.notifyQueued };
    // Made once, now: a retry from the queue must be recognised by the service as this same request.
    const idempotencyKey = newKey();

    let client: ApiClient;
    try {
      client = await deps.getClient();
    } catch (err) {
      return { status: 'error', error: toErrorInfo(err) };
    }
    // Written to the queue before it is sent: if the worker dies mid-request, the replayer finishes it.
    const held = await deps.queue.hold('create-link', payload, { idempotencyKey, leaseMs: HOLD_LEASE_MS });
    let created: CreateLinkData;
    try {
      created = await client.createLink(body, { idempotencyKey });
    } catch (err) {
      if ((await deps.queue.settle(held.id, isRetryable(err) ? err : undefined)) === 'queued') {
        return { status: 'queued', itemId: held.id };
      }
      return { status: 'error', error: toErrorInfo(err) };
    }
    if (created.keyWordExist || created.failToGenerateHash) {
      await deps.queue.settle(held.id);
      if (created.keyWordExist) return { status: 'keyword-taken', recommendedUrls: created.recommendedUrls };
      return { status: 'error', error: { kind: 'service', code: 'FAIL_TO_GENERATE_HASH', message: HASH_FAILED } };
    }

    let link: CachedLink = {
      shortUrl: created.shortUrl,
      linkId: created.linkId,
      createdDate: new Date(now()).toISOString(),
      workspaceId: conn.workspaceId,
      longUrl,
    };
    const outcome: Extract<ShortenOutcome, { status: 'done' }> = { status: 'done', link, fromCache: false };

    if (tags.length === 0) {
      // The user is waiting for this link, not for the bookkeeping: it finishes
      // after the answer (the cache's reads wait for its writes). Were the worker to die
      // in between, the held item would be replayed under the same key and the
      // service would answer with this same link.
      track(Promise.all([deps.queue.settle(held.id), rememberQuietly(scope, link)]));
      return outcome;
    }
    // The link exists: record that, so a replay of the held item does only the tags step.
    await deps.queue.progress<'create-link'>(held.id, {
      linkId: link.linkId, shortUrl: link.shortUrl, createdDate: link.createdDate,
    });
    try {
      const updated = await client.updateLink({ workspaceId: conn.workspaceId, linkId: link.linkId, tags });
      link = { ...link, tags: updated.tags, createdDate: updated.createdDate };
      outcome.link = link;
      await deps.queue.settle(held.id);
    } catch (err) {
      if ((await deps.queue.settle(held.id, isRetryable(err) ? err : undefined)) === 'queued') {
        outcome.tagsQueued = held.id;
      } else {
        outcome.tagsError = toErrorInfo(err);
      }
    }

    await rememberQuietly(scope, link);
    return outcome;
  }

  async function rememberQuietly(scope: LinkScope, link: CachedLink): Promise<void> {
    try {
      await deps.cache.remember(scope, link);
    } catch (err) {
      // The link was made; a full or failing storage must not turn that into an error.
      console.error('could not cache the short link', err);
    }
  }

  return {
    shorten,
    async settled() {
      await bookkeeping;
    },
    async onQueueDone(item, result) {
      const conn = await deps.settings.getConnection();
      if (item.kind === 'create-link') {
        const { link } = result as ResultOf<'create-link'>;
        await rememberQuietly({ baseUrl: conn.baseUrl, workspaceId: link.workspaceId }, link);
      } else if (item.kind === 'update-link') {
        const body = (item as QueueItemOf<'update-link'>).payload;
        const scope = { baseUrl: conn.baseUrl, workspaceId: body.workspaceId };
        if (body.deleteLink) await deps.cache.forget(scope, body.linkId);
        else await rememberQuietly(scope, toCachedLink(result as ResultOf<'update-link'>));
      }
    },
  };
}

/**
 * For the queue's `onDone`: the short link a queued shorten made, with what the
 * user asked to happen then (copy it, be notified), or null for other kinds.
 */
export function finishedShorten<K extends QueueKind>(
  item: QueueItemOf<K>,
  result: ResultOf<K>,
): { link: CachedLink; copy: boolean; notify: boolean } | null {
  if (item.kind !== 'create-link') return null;
  const { payload } = item as QueueItemOf<'create-link'>;
  return { link: (result as ResultOf<'create-link'>).link, copy: payload.copy === true, notify: payload.notify === true };
}

/**
 * How long a held shorten belongs to the page or worker that sends it: well
 * over the client's 10 s timeout, well under the alarm's 30 s minimum period
 * in a packed extension plus one backoff step.
 */
const HOLD_LEASE_MS = 20_000;

function invalid(code: string, message: string): ShortenOutcome {
  return { status: 'error', error: { kind: 'invalid-input', code, message } };
}

/** Trimmed, without empties and duplicates; or why they cannot be sent. */
function normaliseTags(raw: readonly string[]): string[] | string {
  const tags = [...new Set(raw.map((t) => t.trim()).filter((t) => t !== ''))];
  if (tags.length > TAGS_PER_LINK_MAX) return `A link can have at most ${TAGS_PER_LINK_MAX} tags.`;
  for (const tag of tags) {
    const result = v.safeParse(TagNameSchema, tag);
    if (!result.success) return `The tag "${tag.slice(0, 60)}" ${result.issues[0].message}.`;
  }
  return tags;
}

/** A cached link fits when no domain is asked for, or when it lives on the asked one. */
function onDomain(link: CachedLink, domain: string | null): boolean {
  if (domain === null) return true;
  try {
    return new URL(link.shortUrl).hostname === domain.trim().toLowerCase();
  } catch {
    return false;
  }
}
