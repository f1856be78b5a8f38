import { describe, expect, it, vi } from 'vitest';
import type { DomainView } from '../../../lib/domains/view';
import { createDomainsController, type DomainsModel } from '../../../lib/domains/controller';
import type { AnswerOf, MessageName, RequestOf, Send } from '../../../lib/messaging/send-message';

const view = (id: string, domain: string, over: Partial<DomainView> = {}): DomainView => ({
  id,
  domain,
  isSubDomain: true,
  setUp: true,
  dnsConfigured: true,
  sslConfigured: true,
  pingVerified: true,
  nameservers: [],
  registrarName: '',
  registrarWebsite: '',
  httpToHttps: false,
  record: { recordType: 'TXT', hostname: `_shortlink-challenge.${domain}`, pointsTo: 'v' },
  createdDate: '2026-11-01T00:00:00.000Z',
  ...over,
});

type Script = { [N in MessageName]?: (data: RequestOf<N>) => AnswerOf<N> | Promise<AnswerOf<N>> };

function setup(script: Script, onDomainsChanged?: () => void) {
  const sent: { type: MessageName; data: unknown }[] = [];
  const send = vi.fn(async (type: MessageName, data: unknown) => {
    sent.push({ type, data });
    const handler = script[type] as ((d: unknown) => unknown) | undefined;
    if (!handler) throw new Error(`unexpected ${type}`);
    return handler(data);
  }) as unknown as Send;
  let keys = 0;
  const models: DomainsModel[] = [];
  const controller = createDomainsController({ send, onChange: (m) => models.push(m), onDomainsChanged, newKey: () => `key-${++keys}` });
  return { controller, sent };
}

const listOf = (domains: DomainView[], nextCursor: number | null = null, totalCount = domains.length): AnswerOf<'domainList'> => ({
  status: 'done',
  domains,
  totalCount,
  pageNumber: 1,
  totalPages: 1,
  nextCursor,
  serviceHost: 'sho.rt',
});

describe('options: custom domains controller', () => {
  it('a list read that fails (a malformed answer) keeps the list shown and says so', async () => {
    let fail = false;
    const { controller } = setup({
      domainList: () => (fail ? { status: 'error', error: { kind: 'invalid-response', code: 'INVALID_RESPONSE', message: 'x' } } : listOf([view('a', 'a.example.com')])),
    });
    await controller.start();
    fail = true;
    await controller.reload();
    expect(controller.model().list.map((d) => d.domain)).toEqual(['a.example.com']);
    expect(controller.model().listError).toMatchObject({ kind: 'invalid-response' });
    fail = false;
    await controller.reload();
    expect(controller.model().listError).toBeNull();
  });

  it('a first read that fails shows no list at all, never an empty one; Try again reads it', async () => {
    let fail = true;
    const { controller } = setup({
      domainList: () => (fail ? { status: 'error', error: { kind: 'network', message: 'x' } } : listOf([view('a', 'a.example.com'), view('b', 'b.example.com')])),
    });
    await controller.start();
    expect(controller.model()).toMatchObject({ listState: 'failed', list: [], listError: { kind: 'network' } });
    fail = false;
    await controller.reload();
    expect(controller.model()).toMatchObject({ listState: 'ready', listError: null });
    expect(controller.model().list).toHaveLength(2);
  });

  it('start forgets what an earlier connection listed, and keeps what is typed', async () => {
    let first = true;
    const { controller } = setup({ domainList: () => (first ? listOf([view('a', 'a.example.com')]) : listOf([])) });
    await controller.start();
    controller.edit('go.example.com');
    first = false;
    const starting = controller.start();
    expect(controller.model()).toMatchObject({ listState: 'loading', list: [], input: 'go.example.com' });
    await starting;
    expect(controller.model().listState).toBe('ready');
  });

  it('a bad name is a problem next to the field and nothing is sent', async () => {
    const { controller, sent } = setup({ domainList: () => listOf([view('a', 'go.example.com')]) });
    await controller.start();
    for (const [input, problem] of [
      ['go.example.com/x', 'path'],
      ['SHO.RT', 'own-domain'],
      ['Go.Example.com', 'already-connected'],
      ['', 'empty'],
    ] as const) {
      controller.edit(input);
      await controller.connect();
      expect(controller.model().inputProblem).toBe(problem);
    }
    expect(sent.filter((s) => s.type === 'connectDomain')).toHaveLength(0);
  });

  it('connecting again after a failure reuses the idempotency key of that name; another name gets a new one', async () => {
    let answer: AnswerOf<'connectDomain'> = { status: 'error', error: { kind: 'network', message: 'x' } };
    const changed = vi.fn();
    const { controller, sent } = setup({ domainList: () => listOf([]), connectDomain: () => answer }, changed);
    await controller.start();
    controller.edit('go.example.com');
    await controller.connect();
    expect(controller.model().connectError).toMatchObject({ kind: 'network' });
    await controller.connect();
    controller.edit('other.example.com');
    await controller.connect();
    answer = { status: 'done', id: 'd1', domain: 'other.example.com', records: [] };
    await controller.connect();
    const keys = sent.filter((s) => s.type === 'connectDomain').map((s) => (s.data as { idempotencyKey: string }).idempotencyKey);
    expect(keys).toEqual(['key-2', 'key-2', 'key-3', 'key-3']);
    expect(controller.model().connected).toEqual({ id: 'd1', domain: 'other.example.com', records: [] });
    expect(changed).toHaveBeenCalledTimes(1);
    expect(controller.model().input).toBe('');
  });

  it('the HTTPS box follows the click and goes back when the service refuses', async () => {
    const { controller } = setup({
      domainList: () => listOf([view('a', 'a.example.com')]),
      domainHttps: () => ({ status: 'error', error: { kind: 'service', code: 'DOMAIN_NOT_FOUND', message: 'gone' } }),
    });
    await controller.start();
    const pending = controller.setHttps('a', true);
    expect(controller.model().list[0]?.httpToHttps).toBe(true);
    await pending;
    expect(controller.model().list[0]?.httpToHttps).toBe(false);
    expect(controller.model().rowError).toMatchObject({ id: 'a', error: { code: 'DOMAIN_NOT_FOUND' } });
  });

  it('pages forward and back; deleting the last domain of a page goes back one', async () => {
    const pages: Record<number, DomainView[]> = { 0: [view('a', 'a.example.com')], 10: [view('b', 'b.example.com')] };
    const { controller } = setup({
      domainList: ({ cursor }) => listOf(pages[cursor] ?? [], cursor === 0 ? 10 : null, 11),
      domainDelete: ({ id }) => {
        pages[10] = pages[10]!.filter((d) => d.id !== id);
        return { status: 'done' };
      },
    });
    await controller.start();
    await controller.next();
    expect(controller.model()).toMatchObject({ cursor: 10, previous: [0] });
    await controller.remove('b');
    expect(controller.model()).toMatchObject({ cursor: 0, previous: [] });
    expect(controller.model().list.map((d) => d.id)).toEqual(['a']);
  });

  it('"Check again" replaces the row with what the service says now', async () => {
    const { controller } = setup({
      domainList: () => listOf([view('a', 'a.example.com', { setUp: false, dnsConfigured: false })]),
      domainCheck: () => ({ status: 'done', domain: view('a', 'a.example.com') }),
    });
    await controller.start();
    await controller.check('a');
    expect(controller.model().list[0]?.setUp).toBe(true);
    expect(controller.model().checked).toEqual({ id: 'a', outcome: 'ready' });
  });
});
