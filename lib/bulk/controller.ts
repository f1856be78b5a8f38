/**
 * The bulk page's state machine, without Preact or the browser: the text
 * (typed, pasted, a file, or the URLs a menu or the popup left for the page),
 * its list (./analyse.ts) with the lines it cannot use and their fixes,
 * which URLs the workspace already has links for (./known-lookup.ts), the
 * batch's domain, tags and cleaning, and once Shorten is pressed the batch as the
 * background runs it, followed through its status (lib/batch/bulk-status.ts)
 * and pulled item by changed item. Everything outside is injected, so tests
 * drive it directly; entrypoints/bulk/ only draws the model.
 */
import type { BulkInput } from '../batch/bulk-input';
import type { BulkStatus } from '../batch/bulk-status';
import { createBatchFollow } from './batch-follow';
import { loadChoices } from '../domains/load-choices';
import type { AnswerOf, Send } from '../messaging/send-message';
import { addNewTag, tagChoice, toggleTag, typeNewTag } from '../tags/tag-choice';
import { NOT_CONNECTED } from '../tags/list';
import { analyseText } from './analyse';
import { applyFix } from './apply-fix';
import { INITIAL_BULK, type BulkModel, type BulkSource } from './bulk-model';
import { fromInput } from './from-input';
import { readChosenFile, textProblem, type ChosenFile, type InputProblem } from './input-check';
import { lookupKnown, NOTHING_KNOWN } from './known-lookup';
import type { LineProblem } from './line-problems';
import { replaceUrls } from '../text-links/replace-in-text';
import { textFormat } from './text-format';

export type { BatchView, BulkItemView, BulkModel } from './bulk-model';
export { INITIAL_BULK };

export type { ChosenFile } from './input-check';

export interface BulkDeps {
  send: Send;
  onChange: (model: BulkModel) => void;
  /** The URLs left for this page, read once (and forgotten). */
  takeInput: () => Promise<BulkInput | null>;
  /** Calls back on each change of the batch's status; returns the unsubscribe. */
  watchStatus: (cb: (status: BulkStatus | null) => void) => () => void;
  /** Gives the page the thread back between slices of work. */
  yieldNow: () => Promise<void>;
  now: () => number;
  /** How long typing pauses before the text is read again. */
  analyseDelayMs?: number;
}

export interface BulkController {
  start(): Promise<void>;
  setText(text: string): void;
  /** A paste or drop refused before it reached the field (over 2 MB). */
  refuse(problem: InputProblem): void;
  chooseFile(file: ChosenFile): Promise<void>;
  chooseDomain(domain: string): Promise<void>;
  toggleTag(name: string): void;
  typeNewTag(name: string): void;
  addNewTag(): void;
  reloadTags(): Promise<void>;
  setFresh(fresh: boolean): void;
  /** The batch's cleaning switch: the list is looked up again as it will be sent. */
  setClean(clean: boolean): Promise<void>;
  /** "Use it": the problem line's word replaced by the URL it meant. */
  useFix(problem: LineProblem): void;
  shorten(): Promise<void>;
  cancel(): Promise<void>;
  retry(): Promise<void>;
  /** Forgets the finished batch and goes back to an empty text (or the URLs left meanwhile). */
  newBatch(): Promise<void>;
  showRunning(): Promise<void>;
  replaceInText(): Promise<void>;
  dispose(): void;
}

export function createBulkController(deps: BulkDeps): BulkController {
  let model = INITIAL_BULK;
  const set = (patch: Partial<BulkModel>) => {
    model = { ...model, ...patch };
    deps.onChange(model);
  };
  let generation = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let unwatch: () => void = () => undefined;

  // --- The text and its list

  function compose(text: string, source: BulkSource, patch: Partial<BulkModel> = {}): void {
    set({ view: 'compose', text, format: textFormat(text), source, fileName: null, titles: {}, problem: null, analysis: null, ...NOTHING_KNOWN, error: null, busy: false, ...patch });
    analyseSoon(0);
  }

  function analyseSoon(delay: number): void {
    if (timer !== null) clearTimeout(timer);
    const mine = ++generation;
    set({ analysing: model.text.trim() !== '' });
    timer = setTimeout(() => {
      timer = null;
      void analyse(mine);
    }, delay);
  }

  async function analyse(mine: number): Promise<void> {
    const { text, source } = model;
    const problem = textProblem(text);
    if (problem !== null) {
      // An empty field is not a fault until the user asks to shorten it; a selection with nothing is.
      const shown = problem === 'empty' ? (source === 'selection' ? 'selection-empty' : null) : problem;
      set({ analysing: false, analysis: null, ...NOTHING_KNOWN, problem: shown });
      return;
    }
    const analysis = await analyseText(text, model.format, [model.serviceHost], deps.yieldNow);
    if (mine !== generation) return;
    // Lines with a misspelt or missing scheme are link-like: the page lists them rather than "no links".
    const nothing = analysis.found.length === 0 && analysis.lines.length === 0;
    set({ analysing: false, analysis, problem: nothing ? (source === 'selection' ? 'selection-empty' : 'no-links') : null });
    await lookupKnownNow(mine);
  }

  /** Which URLs of the list the workspace already has links for, on the chosen domain, as they will be sent. */
  async function lookupKnownNow(mine: number): Promise<void> {
    const list = model.analysis?.list;
    if (list === undefined || list.valid.length === 0 || list.tooMany) {
      set(NOTHING_KNOWN);
      return;
    }
    set({ knownCheck: { state: 'checking' } });
    const result = await lookupKnown(deps.send, list.valid.map((e) => e.url), model.domain, model.clean);
    if (mine !== generation) return;
    set(result === 'not-configured' ? { view: 'not-configured' } : result);
  }

  function setText(text: string): void {
    set({ text, source: model.source === 'file' ? 'typed' : model.source, fileName: null, problem: null, format: textFormat(text) });
    analyseSoon(deps.analyseDelayMs ?? 250);
  }

  // --- The batch: followed through its status (./batch-follow.ts)

  const follow = createBatchFollow({ send: deps.send, model: () => model, set, compose, yieldNow: deps.yieldNow, now: deps.now });
  const { pull } = follow;

  async function loadTags(): Promise<void> {
    set({ tagList: { state: 'loading' } });
    try {
      const answer = await deps.send('listTags', {});
      if (answer.status === 'done') set({ tagList: { state: 'ready', names: answer.tags, ...(answer.cachedAt === undefined ? {} : { cachedAt: answer.cachedAt }) } });
      else set({ tagList: { state: 'failed', error: answer.status === 'error' ? answer.error : NOT_CONNECTED } });
    } catch {
      set({ tagList: { state: 'failed', error: { kind: 'internal', message: '' } } });
    }
  }

  return {
    async start() {
      const settings = await deps.send('getSettings', {});
      if (settings.connection === null || settings.connection.baseUrl === '') {
        set({ view: 'not-configured' });
        return;
      }
      let serviceHost = '';
      try {
        serviceHost = new URL(settings.connection.baseUrl).host;
      } catch {
        // A stored address that is not one: the background refuses to send, and says why.
      }
      const { defaultDomain, defaultTags, cleanLinks } = settings.preferences;
      set({ serviceHost, domain: defaultDomain, tags: tagChoice(defaultTags), cleanDefault: cleanLinks });
      const [input, kept] = await Promise.all([deps.takeInput(), deps.send('bulkBatch', { since: 0 })]);
      unwatch = deps.watchStatus(follow.onStatus);
      void loadTags();
      void loadChoices(deps.send).then((choices) => set({ domainChoices: choices }));
      if (kept.batch !== null && (kept.batch.state === 'running' || input === null)) {
        set({ pendingInput: input });
        // Shown from what was just read: a second read would only repeat it.
        follow.restart();
        set({ view: 'batch', batch: null, items: [] });
        await pull();
        return;
      }
      if (kept.batch !== null) await deps.send('bulkClear', { id: kept.batch.id });
      if (input === null) compose('', 'typed');
      else {
        const { text, titles } = fromInput(input);
        compose(text, input.source, { titles });
      }
    },

    setText,

    refuse(problem) {
      set({ problem });
    },

    async chooseFile(file) {
      const read = await readChosenFile(file);
      if ('problem' in read) set({ problem: read.problem, fileName: file.name });
      else compose(read.text, 'file', { fileName: file.name, format: textFormat(read.text, file) });
    },

    async chooseDomain(domain) {
      set({ domain });
      await lookupKnownNow(generation);
    },

    toggleTag: (name) => set({ tags: toggleTag(model.tags, name) }),
    typeNewTag: (name) => set({ tags: typeNewTag(model.tags, name) }),
    addNewTag: () => set({ tags: addNewTag(model.tags) }),
    reloadTags: loadTags,
    setFresh: (fresh) => set({ fresh }),

    async setClean(clean) {
      set({ clean });
      await lookupKnownNow(generation);
    },

    useFix(problem) {
      const text = applyFix(model.text, problem);
      if (text !== null) setText(text);
    },

    async shorten() {
      const list = model.analysis?.list;
      if (model.starting || model.analysing || list === undefined) return;
      if (list.valid.length === 0 || list.tooMany) return;
      set({ starting: true, error: null, busy: false });
      let answer: AnswerOf<'bulkStart'>;
      try {
        answer = await deps.send('bulkStart', {
          entries: list.valid.map((e) => ({ url: e.url, ...(model.titles[e.url] ? { title: model.titles[e.url]!.slice(0, 500) } : {}) })),
          customDomain: model.domain === '' ? null : model.domain,
          tags: model.tags.chosen,
          fresh: model.fresh,
          ...(model.clean === null ? {} : { clean: model.clean }),
          text: { value: model.text, format: model.format },
        });
      } catch {
        set({ starting: false, error: { kind: 'internal', message: '' } });
        return;
      }
      if (answer.status === 'done') {
        follow.restart();
        set({ starting: false, view: 'batch', batch: null, items: [], cancelled: null, replaced: null, pendingInput: null });
        await pull();
      } else if (answer.status === 'busy') set({ starting: false, busy: true });
      else if (answer.status === 'not-configured') set({ starting: false, view: 'not-configured' });
      else set({ starting: false, error: answer.error });
    },

    async cancel() {
      const batch = model.batch;
      if (batch === null || batch.state !== 'running') return;
      const cancelled = await deps.send('bulkCancel', { id: batch.id });
      set({ cancelled });
      await pull();
    },

    async retry() {
      const batch = model.batch;
      if (batch === null) return;
      set({ replaced: null });
      await deps.send('bulkRetry', { id: batch.id });
      await pull();
    },

    async newBatch() {
      const batch = model.batch;
      if (batch !== null && batch.state !== 'running') await deps.send('bulkClear', { id: batch.id });
      const input = model.pendingInput;
      follow.restart();
      set({ batch: null, items: [], batchText: null, cancelled: null, replaced: null, pendingInput: null, timeLeftMs: null, fresh: false });
      if (input === null) compose('', 'typed');
      else {
        const { text, titles } = fromInput(input);
        compose(text, input.source, { titles });
      }
    },

    async showRunning() {
      follow.restart();
      set({ view: 'batch', batch: null, items: [], busy: false, analysis: null });
      await pull();
    },

    async replaceInText() {
      const source = model.batchText;
      if (source === null) return;
      set({ replaced: 'working' });
      const { found, list } = await analyseText(source.value, source.format, [model.serviceHost], deps.yieldNow);
      const shortOf = new Map(model.items.flatMap((item) => (item?.shortUrl === undefined ? [] : [[item.url, item.shortUrl] as const])));
      const out = replaceUrls(source.value, found, list.keys, (key) => shortOf.get(key));
      set({ replaced: { text: out.text, count: out.replaced, refused: out.refused } });
    },

    dispose() {
      unwatch();
      if (timer !== null) clearTimeout(timer);
    },
  };
}
