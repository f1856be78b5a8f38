/**
 * The popup's customise panel, without Preact or the browser: a custom
 * keyword checked as it is typed, the workspace's tags to pick from, and new
 * tags typed inline. A keyword makes a new link (the popup's controller sends
 * it, with the tags, as one piece of work); tags alone go on the link already
 * shown (setLinkTags), so changing only tags never makes a second link.
 * Loaded with the panel, on first open. Problems are codes; the panel words them.
 */
import { keywordProblem, type KeywordReason } from '../contract/keyword';
import type { ErrorView, LinkView, Send } from '../messaging/send-message';
import { NOT_CONNECTED, type TagList } from '../tags/list';
import { addNewTag, tagChoice, toggleTag, typeNewTag, type TagChoice } from './tag-choice';

export type ApplyState =
  | { state: 'idle' }
  | { state: 'saving' }
  | { state: 'saved'; shortUrl: string }
  | { state: 'queued' }
  | { state: 'failed'; error: ErrorView };

export interface CustomiseModel extends TagChoice {
  keyword: string;
  /** The rule the typed keyword breaks; null when it is fine or empty. */
  keywordProblem: KeywordReason | null;
  tags: TagList;
  /** Tags put on the shown link (no keyword). */
  apply: ApplyState;
}

export interface CustomiseDeps {
  send: Send;
  onChange: (model: CustomiseModel) => void;
  /** The link the popup shows now, if any. */
  link: () => LinkView | null;
  /** Makes a new link with this keyword and these tags (lib/popup/controller.ts, customise). */
  createLink: (keyword: string, tags: string[]) => void;
}

export const INITIAL_CUSTOMISE: CustomiseModel = {
  keyword: '',
  keywordProblem: null,
  tags: { state: 'loading' },
  ...tagChoice(),
  apply: { state: 'idle' },
};

const INTERNAL: ErrorView = { kind: 'internal', message: '' };


export interface CustomiseController {
  /** Loads the workspace's tags and the default tags (chosen to begin with). */
  start(): Promise<void>;
  reloadTags(): Promise<void>;
  typeKeyword(keyword: string): void;
  toggleTag(name: string): void;
  typeNewTag(name: string): void;
  /** Adds the typed tag to the chosen ones, if the tag rules allow it. */
  addNewTag(): void;
  /** A keyword: a new link. No keyword: the chosen tags on the shown link. */
  submit(): Promise<void>;
  model(): CustomiseModel;
}

export function createCustomiseController(deps: CustomiseDeps): CustomiseController {
  let model = INITIAL_CUSTOMISE;
  const set = (patch: Partial<CustomiseModel>) => {
    model = { ...model, ...patch };
    deps.onChange(model);
  };

  async function loadTags(): Promise<void> {
    set({ tags: { state: 'loading' } });
    try {
      const answer = await deps.send('listTags', {});
      if (answer.status === 'done') set({ tags: { state: 'ready', names: answer.tags, ...(answer.cachedAt === undefined ? {} : { cachedAt: answer.cachedAt }) } });
      else set({ tags: { state: 'failed', error: answer.status === 'error' ? answer.error : NOT_CONNECTED } });
    } catch {
      set({ tags: { state: 'failed', error: INTERNAL } });
    }
  }

  /** The user ticked or added a tag: a slow answer must not undo a click. */
  let touched = false;

  /**
   * What is ticked to begin with: the shown link's tags when the cache knows
   * them (saving tags alone replaces them, so none may be dropped unseen),
   * else the default tags a new link gets.
   */
  async function loadChosen(): Promise<void> {
    try {
      const link = deps.link();
      const known = link === null ? null : (await deps.send('linkTags', { linkId: link.linkId })).tags;
      const chosen = known ?? (await deps.send('getSettings', {})).preferences.defaultTags;
      if (!touched) set({ chosen: [...chosen] });
    } catch {
      // Without them the user picks tags by hand; nothing else depends on them.
    }
  }

  /** A step of the tag choice; one the user took (not a refusal) also outlives a slow answer of the defaults. */
  function pick(step: (choice: TagChoice) => TagChoice): void {
    const next = step(model);
    if (next.chosen !== model.chosen) {
      touched = true;
      set({ ...next, apply: { state: 'idle' } });
    } else set(next);
  }

  return {
    model: () => model,
    start: async () => {
      await Promise.all([loadTags(), loadChosen()]);
    },
    reloadTags: loadTags,

    typeKeyword(keyword) {
      const problem = keyword === '' ? null : keywordProblem(keyword);
      set({ keyword, keywordProblem: problem?.reason ?? null, apply: { state: 'idle' } });
    },

    toggleTag: (name) => pick((c) => toggleTag(c, name)),
    typeNewTag: (newTag) => set(typeNewTag(model, newTag)),
    addNewTag: () => pick(addNewTag),

    async submit() {
      const { keyword, chosen } = model;
      if (keyword !== '') {
        const problem = keywordProblem(keyword);
        if (problem !== null) {
          set({ keywordProblem: problem.reason });
          return;
        }
        deps.createLink(keyword, chosen);
        return;
      }
      const link = deps.link();
      if (link === null) {
        set({ keywordProblem: 'empty' });
        return;
      }
      set({ apply: { state: 'saving' } });
      try {
        const answer = await deps.send('setLinkTags', { linkId: link.linkId, tags: chosen });
        switch (answer.status) {
          case 'done': {
            // The service added the new tags to the workspace: they are ordinary tags now.
            const names = model.tags.state === 'ready' ? model.tags.names : [];
            const tags: TagList = { state: 'ready', names: [...names, ...answer.tags.filter((t) => !names.includes(t))] };
            set({ apply: { state: 'saved', shortUrl: link.shortUrl }, ...(model.tags.state === 'failed' ? {} : { tags }) });
            return;
          }
          case 'queued':
            set({ apply: { state: 'queued' } });
            return;
          case 'error':
            set({ apply: { state: 'failed', error: answer.error } });
            return;
          case 'not-configured':
            set({ apply: { state: 'failed', error: NOT_CONNECTED } });
            return;
        }
      } catch {
        set({ apply: { state: 'failed', error: INTERNAL } });
      }
    },
  };
}
