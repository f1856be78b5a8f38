/**
 * The options page's Tags section, without Preact or the browser: the
 * workspace's tags, and a new one created by the tag rules for what the user
 * types (lib/contract/tag-name.ts). The list is shared with the default tags picker.
 * Statuses are codes; components/options/tags-section.tsx words them.
 */
import { normalTagName, tagProblem, type TagProblem } from '../contract/tag-name';
import { NOT_CONNECTED, type TagList } from '../tags/list';
import type { ErrorView, Send } from '../messaging/send-message';

export type CreateStatus =
  | { kind: 'creating' }
  | { kind: 'created'; tag: string }
  | { kind: 'queued'; tag: string }
  | { kind: 'failed'; error: ErrorView };

export interface OptionsTagsModel {
  list: TagList;
  newTag: string;
  problem: TagProblem | null;
  status: CreateStatus | null;
}

export const INITIAL_OPTIONS_TAGS: OptionsTagsModel = { list: { state: 'loading' }, newTag: '', problem: null, status: null };

const INTERNAL: ErrorView = { kind: 'internal', message: '' };

export interface OptionsTagsController {
  load(): Promise<void>;
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

  return {
    model: () => model,

    async load() {
      set({ list: { state: 'loading' } });
      try {
        const answer = await deps.send('listTags', {});
        if (answer.status === 'done') set({ list: { state: 'ready', names: answer.tags, ...(answer.cachedAt === undefined ? {} : { cachedAt: answer.cachedAt }) } });
        else set({ list: { state: 'failed', error: answer.status === 'error' ? answer.error : NOT_CONNECTED } });
      } catch {
        set({ list: { state: 'failed', error: INTERNAL } });
      }
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
