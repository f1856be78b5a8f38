import * as v from 'valibot';
import {
  AnalyticsResponseSchema,
  CreateDomainResponseSchema,
  CreateLinkResponseSchema,
  CreateTagResponseSchema,
  DomainListResponseSchema,
  LinkListResponseSchema,
  LinkResponseSchema,
  TagListResponseSchema,
  TrackResponseSchema,
  UpdateDomainResponseSchema,
  type Analytics,
  type CreateDomainBody,
  type CreateDomainData,
  type CreateLinkBody,
  type CreateLinkData,
  type CreateTagBody,
  type CustomDomain,
  type DOMAIN_ORDER_BY,
  type LINK_ORDER_BY,
  type Link,
  type PageInfo,
  type TrackLeadBody,
  type TrackResponse,
  type TrackSaleBody,
  type UpdateDomainBody,
  type UpdateLinkBody,
} from '../contract/schemas';
import { envelope } from '../contract/schemas/common';
import { isUsableShortUrl } from '../contract/short-url';
import { UnsafeShortUrlError } from './errors';
import { joinUrl, type QueryValue } from './join-url';
import { request, type Transport } from './request';

const UnknownDataResponseSchema = envelope(v.unknown());

export const DEFAULT_TIMEOUT_MS = 10_000;

export interface ApiClientOptions {
  /** Where the API lives, e.g. `http://127.0.0.1:8787/api` (trailing slashes are fine). */
  baseUrl: string;
  /** Read per request, so a token changed in Options applies at once. */
  getToken: () => string | Promise<string>;
  fetch?: typeof fetch;
  /** Per request, including reading the body. Well under MV3's 30 s fetch limit. */
  timeoutMs?: number;
  /** Told how long the service keeps answers for idempotency keys (its `Idempotency-Retention`, in seconds). */
  onRetention?: (seconds: number) => void;
}

/** Every POST carries an Idempotency-Key; pass the one made when the user asked, so a retry reuses it. */
export interface MutationOptions {
  idempotencyKey?: string;
}

export interface ListParams<TOrderBy extends string> {
  workspaceId: string;
  pageSize?: number;
  cursor?: number;
  orderType?: 'asc' | 'desc';
  orderBy?: TOrderBy;
}
export type LinkListParams = ListParams<(typeof LINK_ORDER_BY)[number]>;
export type DomainListParams = ListParams<(typeof DOMAIN_ORDER_BY)[number]>;

export interface Page<TItem> {
  pageInfo: PageInfo;
  list: TItem[];
}

export interface ApiClient {
  readonly baseUrl: string;
  listLinks(q: LinkListParams): Promise<Page<Link>>;
  createLink(body: CreateLinkBody, opts?: MutationOptions): Promise<CreateLinkData>;
  /** PATCH /link: replaces the link's tags, or deletes it with `deleteLink: true`. */
  updateLink(body: UpdateLinkBody, opts?: MutationOptions): Promise<Link>;
  /** PATCH /tag: the interface's twin of PATCH /link. */
  updateTagsViaTag(body: UpdateLinkBody, opts?: MutationOptions): Promise<Link>;
  /**
   * A link's analytics, its days grouped in `timeZone` (the browser's when
   * not given) by a service that can: the optional `?timeZone=` of
   * docs/interface.md, which other services ignore. The answer's `timeZone`
   * says which zone the days are in; without it they are UTC days.
   */
  getAnalytics(linkId: string, workspaceId: string, timeZone?: string): Promise<Analytics>;
  /**
   * The same answer with only its envelope checked: the side panel reads each
   * block on its own (lib/analytics-view), so one malformed block leaves the
   * others drawn instead of refusing the whole answer.
   */
  getAnalyticsData(linkId: string, workspaceId: string, timeZone?: string): Promise<unknown>;
  listDomains(q: DomainListParams): Promise<Page<CustomDomain>>;
  createDomain(body: CreateDomainBody, opts?: MutationOptions): Promise<CreateDomainData>;
  /** The service answers with a sentence describing the change. */
  updateDomain(body: UpdateDomainBody, opts?: MutationOptions): Promise<string>;
  listTags(workspaceId: string): Promise<string[]>;
  createTag(body: CreateTagBody, opts?: MutationOptions): Promise<string>;
  trackLead(body: TrackLeadBody, opts?: MutationOptions): Promise<Omit<TrackResponse, 'status'>>;
  trackSale(body: TrackSaleBody, opts?: MutationOptions): Promise<Omit<TrackResponse, 'status'>>;
}

type Enveloped<TData> = v.GenericSchema<unknown, { status: boolean; data: TData }>;

export function createApiClient(opts: ApiClientOptions): ApiClient {
  const transport: Transport = {
    // Bound: calling a bare `fetch` reference off another object throws "Illegal invocation" in browsers.
    fetch: opts.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    getToken: opts.getToken,
    timeoutMs: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    ...(opts.onRetention !== undefined ? { onRetention: opts.onRetention } : {}),
  };
  const url = (segments: readonly string[], query?: Record<string, QueryValue>) =>
    joinUrl(opts.baseUrl, segments, query);

  async function get<TData>(schema: Enveloped<TData>, segments: readonly string[], query?: Record<string, QueryValue>) {
    return (await request(transport, { method: 'GET', url: url(segments, query), schema })).data;
  }

  async function send<TData>(
    method: 'POST' | 'PATCH',
    schema: Enveloped<TData>,
    segments: readonly string[],
    body: unknown,
    mutation: MutationOptions | undefined,
  ) {
    // PATCH is idempotent by nature; the key costs nothing and lets the service dedupe anyway.
    const idempotencyKey = mutation?.idempotencyKey ?? crypto.randomUUID();
    return (await request(transport, { method, url: url(segments), body, idempotencyKey, schema })).data;
  }

  async function track(path: 'lead' | 'sale', body: TrackLeadBody | TrackSaleBody, mutation?: MutationOptions) {
    const idempotencyKey = mutation?.idempotencyKey ?? crypto.randomUUID();
    const answer = await request(transport, {
      method: 'POST',
      url: url(['track', path]),
      body,
      idempotencyKey,
      schema: TrackResponseSchema,
    });
    return { success: answer.success, timestamp: answer.timestamp };
  }

  return {
    baseUrl: opts.baseUrl,
    listLinks: (q) => get(LinkListResponseSchema, ['link'], listQuery(q)),
    createLink: async (body, o) => checkedShortUrl(await send('POST', CreateLinkResponseSchema, ['link'], body, o)),
    updateLink: (body, o) => send('PATCH', LinkResponseSchema, ['link'], body, o),
    updateTagsViaTag: (body, o) => send('PATCH', LinkResponseSchema, ['tag'], body, o),
    getAnalytics: (linkId, workspaceId, timeZone) => get(AnalyticsResponseSchema, ['link', linkId, workspaceId], zoneQuery(timeZone)),
    getAnalyticsData: (linkId, workspaceId, timeZone) => get(UnknownDataResponseSchema, ['link', linkId, workspaceId], zoneQuery(timeZone)),
    listDomains: (q) => get(DomainListResponseSchema, ['customDomain'], listQuery(q)),
    createDomain: (body, o) => send('POST', CreateDomainResponseSchema, ['customDomain'], body, o),
    updateDomain: (body, o) => send('PATCH', UpdateDomainResponseSchema, ['customDomain'], body, o),
    listTags: (workspaceId) => get(TagListResponseSchema, ['tag'], { workspaceId }),
    createTag: (body, o) => send('POST', CreateTagResponseSchema, ['tag'], body, o),
    trackLead: (body, o) => track('lead', body, o),
    trackSale: (body, o) => track('sale', body, o),
  };
}

/**
 * A made link's short URL is checked before anything uses it (popup, menus,
 * queue, bulk all read create-link answers here). A keyword taken or a hash
 * not made carries no link, and its empty `shortUrl` is not one.
 */
function checkedShortUrl(data: CreateLinkData): CreateLinkData {
  if (data.keyWordExist || data.failToGenerateHash) return data;
  if (!isUsableShortUrl(data.shortUrl)) throw new UnsafeShortUrlError();
  return data;
}

/** `timeZone`, or the browser's zone; none when Intl names none. */
function zoneQuery(timeZone: string | undefined): Record<string, QueryValue> {
  const zone = timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  return { timeZone: typeof zone === 'string' && zone !== '' ? zone : undefined };
}

function listQuery(q: ListParams<string>): Record<string, QueryValue> {
  return {
    workspaceId: q.workspaceId,
    pageSize: q.pageSize,
    cursor: q.cursor,
    orderType: q.orderType,
    orderBy: q.orderBy,
  };
}
