/** The protocol as the dispatcher applies it: each name defined once, the shared refusals, the id rules. */
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { PROTOCOL } from '../../../lib/messaging/protocol';
import type { MessageName } from '../../../lib/messaging/send-message';

type Schemas = { request: v.GenericSchema; answer: v.GenericSchema };

/** Every resource file's message group (an export named *_MESSAGES), found without a list to keep in step. */
const groups = Object.entries(import.meta.glob<Record<string, unknown>>('../../../lib/messaging/protocol/*.ts', { eager: true })).flatMap(
  ([file, exports]) =>
    Object.entries(exports)
      .filter(([name]) => name.endsWith('_MESSAGES'))
      .map(([name, group]) => ({ name: `${file.split('/').pop()} ${name}`, messages: group as Record<string, Schemas> })),
);

const request = (name: MessageName, data: unknown) => v.safeParse(PROTOCOL[name].request, data).success;
/** What the dispatcher passes on to the page, or 'refused'. */
const answer = (name: MessageName, value: unknown) => {
  const parsed = v.safeParse(PROTOCOL[name].answer, value);
  return parsed.success ? parsed.output : 'refused';
};

describe('the protocol map', () => {
  it('is made of every resource group, each message defined by one group only', () => {
    expect(groups.length).toBeGreaterThanOrEqual(10);
    const names = groups.flatMap((g) => Object.keys(g.messages));
    // A name in two groups would be shadowed silently when index.ts spreads them.
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
    expect(Object.keys(PROTOCOL).sort()).toEqual([...names].sort());
    for (const g of groups) for (const [n, schemas] of Object.entries(g.messages)) expect(PROTOCOL[n as MessageName]).toBe(schemas);
  });
});

const ERROR = { status: 'error', error: { kind: 'service', code: 'LINK_NOT_FOUND', message: 'No such link', values: ['x'] } };
const NOT_CONFIGURED = { status: 'not-configured' };
const QUEUED = { status: 'queued', itemId: 'item-1' };

/** Every message answered by the service's refusal or a missing connection, as the pages read it. */
const REFUSABLE: MessageName[] = [
  'shorten',
  'linkAnalytics',
  'linkPage',
  'linkList',
  'deleteLink',
  'listTags',
  'createTag',
  'setLinkTags',
  'domainList',
  'domainChoices',
  'connectDomain',
  'domainCheck',
  'domainHttps',
  'domainDelete',
];
const QUEUEABLE: MessageName[] = ['shorten', 'deleteLink', 'createTag', 'setLinkTags', 'recordLead', 'recordSale'];

describe('the shared answers', () => {
  it.each(REFUSABLE)('%s answers an error and not-configured in the one shape', (name) => {
    expect(answer(name, ERROR)).toEqual(ERROR);
    expect(answer(name, NOT_CONFIGURED)).toEqual(NOT_CONFIGURED);
  });

  it.each(QUEUEABLE)('%s answers "queued" with the item id', (name) => {
    expect(answer(name, QUEUED)).toEqual(QUEUED);
    expect(answer(name, { status: 'queued' })).toBe('refused');
  });

  it('a conversion has no not-configured answer: the missing connection is an error with its code', () => {
    expect(answer('recordLead', ERROR)).toEqual(ERROR);
    expect(answer('recordLead', NOT_CONFIGURED)).toBe('refused');
  });

  it('an error crosses to the page without anything else its handler put in it', () => {
    const leaky = { ...ERROR, token: 'tok_secret', error: { ...ERROR.error, token: 'tok_secret', stack: 'at x' } };
    expect(answer('listTags', leaky)).toEqual(ERROR);
    expect(answer('listTags', { status: 'error', error: { kind: 'crash', message: 'x' } })).toBe('refused');
  });
});

const LINK_ID_MESSAGES: [MessageName, (id: string) => unknown][] = [
  ['deleteLink', (linkId) => ({ linkId })],
  ['linkAnalytics', (linkId) => ({ linkId })],
  ['linkTags', (linkId) => ({ linkId })],
  ['setLinkTags', (linkId) => ({ linkId, tags: [] })],
  ['recordLead', (linkId) => ({ linkId, eventName: 'signup', customerId: 'c1' })],
  ['recordSale', (linkId) => ({ linkId, eventName: 'buy', customerId: 'c1', amount: 100, currency: 'EUR' })],
  ['shorten', (replaces) => ({ url: 'https://a.example/', replaces })],
];
const DOMAIN_ID_MESSAGES: [MessageName, (id: string) => unknown][] = [
  ['domainCheck', (id) => ({ id })],
  ['domainHttps', (id) => ({ id, httpToHttps: true })],
  ['domainDelete', (id) => ({ id })],
];
const PROFILE_ID_MESSAGES: [MessageName, (id: string) => unknown][] = [
  ['switchProfile', (id) => ({ id })],
  ['deleteProfile', (id) => ({ id, discardQueued: false })],
  ['saveProfile', (id) => ({ id, name: 'Work', baseUrl: 'https://s.example/api', token: 't', workspaceId: 'w', activate: false })],
  ['testConnection', (profileId) => ({ profileId })],
];
const QUEUE_ID_MESSAGES: [MessageName, (id: string) => unknown][] = [
  ['retryQueue', (id) => ({ id })],
  ['discardQueueItem', (id) => ({ id })],
];

describe('linkAnalytics: the page\'s time zone, optional and bounded', () => {
  it('takes a zone name up to 64 characters, or none', () => {
    expect(request('linkAnalytics', { linkId: 'lnk_1', timeZone: 'America/New_York' })).toBe(true);
    expect(request('linkAnalytics', { linkId: 'lnk_1' })).toBe(true);
    expect(request('linkAnalytics', { linkId: 'lnk_1', timeZone: 'x'.repeat(65) })).toBe(false);
    expect(request('linkAnalytics', { linkId: 'lnk_1', timeZone: 5 })).toBe(false);
  });
});

describe('ids, one rule per kind in every message that names one', () => {
  it.each([...LINK_ID_MESSAGES, ...DOMAIN_ID_MESSAGES])('%s: a link or domain id is 1 to 100 characters, as the service makes them', (name, make) => {
    expect(request(name, make('lnk_1'))).toBe(true);
    expect(request(name, make('x'.repeat(100)))).toBe(true);
    expect(request(name, make(''))).toBe(false);
    expect(request(name, make('x'.repeat(101)))).toBe(false);
  });

  it.each([...PROFILE_ID_MESSAGES, ...QUEUE_ID_MESSAGES])('%s: a profile or queued item id is at most 200 characters', (name, make) => {
    expect(request(name, make('profile-1'))).toBe(true);
    expect(request(name, make('x'.repeat(200)))).toBe(true);
    expect(request(name, make('x'.repeat(201)))).toBe(false);
  });
});
