/**
 * The options page's Tags section, without Preact or the browser: the
 * workspace's tags, and a new one created by the tag rules for what the user
 * types (lib/contract/tag-name.ts). The list is shared with the default tags picker.
 * Beside each tag, how many links carry it, counted in the workspace's links
 * as loaded here, newest first, a batch at a time (lib/tags/tag-counts.ts).
 * Statuses are codes; components/options/tags-section.tsx words them.
 */
import { normalTagName, tagProblem, type TagProblem } from '../contract/tag-name';
import { NOT_CONNECTED, type TagList } from '../tags/list';
import { countTags, type TagCounts } from '../tags/tag-counts';
import type { ErrorView, Send } from '../messaging/send-message';

export type CreateStatus =
  | { kind: 'creating' }
  | { kind: 'created'; tag: string }
  | { kind: 'queued'; tag: string }
  | { kind: 'failed'; error: ErrorView };

/** The links counted so far, or why none could be. */
export type CountsView =
  | { state: 'loading' }
  | { state: 'ready'; counts: TagCounts; loadingMore?: boolean }
  | { state: 'failed'; error: ErrorView };

/** Links read per "count more": five of the service's pages of 20. */
export const COUNT_BATCH = 100;

export interface OptionsTagsModel {
  list: TagList;
  counts: CountsView;
  newTag: string;
  problem: TagProblem | null;
  status: CreateStatus | null;
}

export const INITIAL_OPTIONS_TAGS: OptionsTagsModel = { list: { state: 'loading' }, counts: { state: 'loading' }, newTag: '', problem: null, status: null };

const INTERNAL: ErrorView = { kind: 'internal', message: '' };

export interface OptionsTagsController {
  load(): Promise<void>;
  /** Counts the tags in the next batch of links. */
  countMore(): Promise<void>;
  type(name: string): void;
  create(): Promise<void>;
  model(): OptionsTagsModel;
}

export function createOptionsTagsController(deps: { send: Send; onChange: (model: OptionsTagsModel) => void }): OptionsTagsController {
  let model = INITIAL_OPTIONS_TAGS;
  const set = (patch: Partial<OptionsTagsModel>) => {
    model = { ...model, ...patch };
    deps.onChange(model);
  };
  // Each loaded link's tags, and where the next page starts (null: none left).
  let counted: string[][] = [];
  let cursor: number | null = 0;
  // A reload restarts the count; an older count's pages are then dropped.
  let generation = 0;

  const readBatch = async (): Promise<void> => {
    const mine = generation;
    let read = 0;
    try {
      while (cursor !== null && read < COUNT_BATCH) {
        const answer = await deps.send('linkList', { cursor });
        if (mine !== generation) return;
        if (answer.status !== 'done') {
          set({ counts: { state: 'failed', error: answer.status === 'error' ? answer.error : NOT_CONNECTED } });
          return;
        }
        counted = [...counted, ...answer.rows.map((row) => row.tags)];
        read += answer.rows.length;
        cursor = answer.nextCursor;
      }
    } catch {
      if (mine === generation) set({ counts: { state: 'failed', error: INTERNAL } });
      return;
    }
    set({ counts: { state: 'ready', counts: countTags(counted.map((tags) => ({ tags })), cursor !== null) } });
  };

  return {
    model: () => model,

    async load() {
      generation += 1;
      counted = [];
      cursor = 0;
      set({ list: { state: 'loading' }, counts: { state: 'loading' } });
      const counting = readBatch();
      try {
        const answer = await deps.send('listTags', {});
        if (answer.status === 'done') set({ list: { state: 'ready', names: answer.tags, ...(answer.cachedAt === undefined ? {} : { cachedAt: answer.cachedAt }) } });
        else set({ list: { state: 'failed', error: answer.status === 'error' ? answer.error : NOT_CONNECTED } });
      } catch {
        set({ list: { state: 'failed', error: INTERNAL } });
      }
      await counting;
    },

    async countMore() {
      const { counts } = model;
      if (counts.state !== 'ready' || !counts.counts.partial || counts.loadingMore) return;
      set({ counts: { ...counts, loadingMore: true } });
      await readBatch();
    },

    type(newTag) {
      set({ newTag, problem: newTag === '' ? null : tagProblem(newTag), status: null });
    },

    async create() {
      const problem = tagProblem(model.newTag);
      if (problem !== null) {
        set({ problem });
        return;
      }
      if (model.status?.kind === 'creating') return;
      set({ status: { kind: 'creating' } });
      try {
        const answer = await deps.send('createTag', { tag: normalTagName(model.newTag) });
        switch (answer.status) {
          case 'done': {
            const { list } = model;
            const names = list.state === 'ready' && !list.names.includes(answer.tag) ? [...list.names, answer.tag] : null;
            set({ status: { kind: 'created', tag: answer.tag }, newTag: '', ...(names ? { list: { state: 'ready', names } } : {}) });
            return;
          }
          case 'queued':
            set({ status: { kind: 'queued', tag: normalTagName(model.newTag) }, newTag: '' });
            return;
          case 'error':
            set({ status: { kind: 'failed', error: answer.error } });
            return;
          case 'not-configured':
            set({ status: { kind: 'failed', error: NOT_CONNECTED } });
            return;
        }
      } catch {
        set({ status: { kind: 'failed', error: INTERNAL } });
      }
    },
  };
}
