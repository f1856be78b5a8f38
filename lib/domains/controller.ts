/**
 * The options page's custom domains, without Preact or the browser: the
 * paged list, connecting a domain (judged before anything is sent), the DNS
 * records to publish, "Check again", the HTTP-to-HTTPS toggle and delete.
 * Statuses are codes; lib/domains/domain-text.ts words them.
 */
import type { AnswerOf, ErrorView, Send } from '../messaging/send-message';
import { checkConnectInput, type ConnectProblem } from './connect-rules';
import type { DomainView } from './view';

/** 'failed': no list of this connection could be read yet, so none is shown (an empty one would say "no domains"). */
export type ListState = 'loading' | 'ready' | 'failed' | 'not-configured';

export interface ConnectedDomain {
  id: string;
  domain: string;
  records: { recordType: string; hostname: string; pointsTo: string }[];
}

export interface DomainsModel {
  list: DomainView[];
  listState: ListState;
  /** The last list read failed: the list shown is the one before (nothing changed), or none ('failed'). */
  listError: ErrorView | null;
  /** Cursors of the pages before this one, newest last. */
  previous: number[];
  cursor: number;
  nextCursor: number | null;
  totalCount: number;
  pageNumber: number;
  totalPages: number;
  serviceHost: string;
  input: string;
  inputProblem: ConnectProblem | 'taken' | null;
  connecting: boolean;
  connectError: ErrorView | null;
  /** The domain just connected and the records to publish. */
  connected: ConnectedDomain | null;
  /** The domain a row action (check, toggle, delete) is running for, and which. */
  busyId: string | null;
  busyAction: 'check' | 'https' | 'delete' | null;
  rowError: { id: string; error: ErrorView } | null;
  /** The domain "Check again" last found not set up yet, or gone. */
  checked: { id: string; outcome: 'not-yet' | 'ready' | 'gone' } | null;
}

export const INITIAL_DOMAINS: DomainsModel = {
  list: [],
  listState: 'loading',
  listError: null,
  previous: [],
  cursor: 0,
  nextCursor: null,
  totalCount: 0,
  pageNumber: 1,
  totalPages: 1,
  serviceHost: '',
  input: '',
  inputProblem: null,
  connecting: false,
  connectError: null,
  connected: null,
  busyId: null,
  busyAction: null,
  rowError: null,
  checked: null,
};

export interface DomainsDeps {
  send: Send;
  onChange: (model: DomainsModel) => void;
  /** A domain was connected or deleted, or found set up by "Check again". */
  onDomainsChanged?: () => void;
  newKey?: () => string;
}

const INTERNAL: ErrorView = { kind: 'internal', message: '' };

export function createDomainsController(deps: DomainsDeps) {
  const newKey = deps.newKey ?? (() => crypto.randomUUID());
  let model = INITIAL_DOMAINS;
  // One key per typed name: "Connect" again after a lost answer is the same request to the service.
  let key = newKey();
  let keyFor = '';
  const set = (patch: Partial<DomainsModel>) => {
    model = { ...model, ...patch };
    deps.onChange(model);
  };

  async function ask<N extends 'domainList' | 'domainCheck' | 'domainHttps' | 'domainDelete' | 'connectDomain'>(
    call: () => Promise<AnswerOf<N>>,
  ): Promise<AnswerOf<N> | { status: 'error'; error: ErrorView }> {
    try {
      return await call();
    } catch {
      return { status: 'error', error: INTERNAL };
    }
  }

  async function load(cursor: number, previous: number[]): Promise<void> {
    const answer = await ask<'domainList'>(() => deps.send('domainList', { cursor }));
    if (answer.status === 'not-configured') return set({ listState: 'not-configured', listError: null });
    // A failed or malformed read changes nothing on screen; it only says so. Without a list read before, there is nothing to show.
    if (answer.status === 'error') {
      const shown = model.listState === 'ready';
      return set({ listError: answer.error, listState: shown ? 'ready' : 'failed' });
    }
    set({
      list: answer.domains,
      listState: 'ready',
      listError: null,
      cursor,
      previous,
      nextCursor: answer.nextCursor,
      totalCount: answer.totalCount,
      pageNumber: answer.pageNumber,
      totalPages: answer.totalPages,
      serviceHost: answer.serviceHost,
    });
  }

  /** After a change the page shown may have shrunk: back one page when it is empty. */
  async function reload(): Promise<void> {
    await load(model.cursor, model.previous);
    if (model.list.length === 0 && model.previous.length > 0) {
      const previous = model.previous.slice(0, -1);
      await load(model.previous[model.previous.length - 1] ?? 0, previous);
    }
  }

  return {
    model: () => model,
    /** Reads the first page afresh, for the connection saved now: nothing of an earlier one stays on screen. */
    start() {
      const { input, inputProblem } = model;
      model = { ...INITIAL_DOMAINS, input, inputProblem };
      deps.onChange(model);
      return load(0, []);
    },
    reload,
    next: () => (model.nextCursor === null ? Promise.resolve() : load(model.nextCursor, [...model.previous, model.cursor])),
    previous: () => (model.previous.length === 0 ? Promise.resolve() : load(model.previous[model.previous.length - 1] ?? 0, model.previous.slice(0, -1))),

    edit(input: string) {
      set({ input, inputProblem: null, connectError: null });
    },

    async connect(): Promise<void> {
      if (model.connecting) return;
      const verdict = checkConnectInput(model.input, { serviceHost: model.serviceHost, connected: model.list.map((d) => d.domain) });
      if (!verdict.ok) return set({ inputProblem: verdict.problem, connectError: null });
      if (keyFor !== verdict.domain) {
        key = newKey();
        keyFor = verdict.domain;
      }
      set({ connecting: true, inputProblem: null, connectError: null });
      const answer = await ask<'connectDomain'>(() => deps.send('connectDomain', { domain: verdict.domain, idempotencyKey: key }));
      switch (answer.status) {
        case 'done':
          keyFor = '';
          set({ connecting: false, input: '', connected: { id: answer.id, domain: answer.domain, records: answer.records } });
          deps.onDomainsChanged?.();
          await reload();
          return;
        case 'invalid':
          return set({ connecting: false, inputProblem: answer.problem });
        case 'not-configured':
          return set({ connecting: false, listState: 'not-configured' });
        case 'error':
          return set({ connecting: false, connectError: answer.error });
      }
    },

    dismissConnected() {
      set({ connected: null });
    },

    async check(id: string): Promise<void> {
      set({ busyId: id, busyAction: 'check', rowError: null, checked: null });
      const answer = await ask<'domainCheck'>(() => deps.send('domainCheck', { id }));
      if (answer.status === 'error') return set({ busyId: null, rowError: { id, error: answer.error } });
      if (answer.status === 'not-configured') return set({ busyId: null, listState: 'not-configured' });
      if (answer.status === 'gone') {
        set({ busyId: null, checked: { id, outcome: 'gone' } });
        return reload();
      }
      const fresh = answer.domain;
      if (fresh.setUp) deps.onDomainsChanged?.();
      set({
        busyId: null,
        list: model.list.map((d) => (d.id === id ? fresh : d)),
        checked: { id, outcome: fresh.setUp ? 'ready' : 'not-yet' },
      });
    },

    async setHttps(id: string, httpToHttps: boolean): Promise<void> {
      // Shown at once (the box follows the click); put back if the service refuses.
      const flip = (on: boolean) => model.list.map((d) => (d.id === id ? { ...d, httpToHttps: on } : d));
      set({ busyId: id, busyAction: 'https', rowError: null, list: flip(httpToHttps) });
      const answer = await ask<'domainHttps'>(() => deps.send('domainHttps', { id, httpToHttps }));
      if (answer.status === 'done') return set({ busyId: null });
      if (answer.status === 'not-configured') return set({ busyId: null, list: flip(!httpToHttps), listState: 'not-configured' });
      set({ busyId: null, list: flip(!httpToHttps), rowError: { id, error: answer.error } });
    },

    async remove(id: string): Promise<void> {
      set({ busyId: id, busyAction: 'delete', rowError: null });
      const answer = await ask<'domainDelete'>(() => deps.send('domainDelete', { id }));
      if (answer.status === 'done') {
        set({ busyId: null, connected: model.connected?.id === id ? null : model.connected });
        deps.onDomainsChanged?.();
        return reload();
      }
      if (answer.status === 'not-configured') return set({ busyId: null, listState: 'not-configured' });
      set({ busyId: null, rowError: { id, error: answer.error } });
    },
  };
}
