/**
 * The popup's customise panel, without Preact or the browser: a custom
 * keyword checked as it is typed, the workspace's tags to pick from, new
 * tags typed inline, and the campaign values (issue 25: the URL's own to
 * begin with, typed or filled by one of the profile's templates, and the
 * final URL they make). A keyword or changed campaign values make a new link
 * (the popup's controller sends it, with the tags, as one piece of work);
 * tags alone go on the link already shown (setLinkTags), so changing only
 * tags never makes a second link. Loaded with the panel, on first open; so
 * are the templates. Problems are codes; the panel words them.
 */
import type { CampaignTemplate } from '../campaign/template';
import type { UtmField } from '../campaign/utm';
import { keywordProblem, type KeywordReason } from '../contract/keyword';
import type { ErrorView, LinkView, Send } from '../messaging/send-message';
import { NOT_CONNECTED, type TagList } from '../tags/list';
import {
  applyTemplate,
  campaignBlocked,
  campaignChanges,
  campaignChoice,
  finalUrlOf,
  typeCampaign,
  type CampaignChoice,
} from '../campaign/campaign-choice';
import { keywordOf, type CustomAsk } from './custom-request';
import { addNewTag, tagChoice, toggleTag, typeNewTag, type TagChoice } from '../tags/tag-choice';

export type ApplyState =
  | { state: 'idle' }
  | { state: 'saving' }
  | { state: 'saved'; shortUrl: string }
  | { state: 'queued' }
  | { state: 'failed'; error: ErrorView };

/** The profile's campaign templates; a failure leaves the fields to be typed. */
export type TemplateList = { state: 'loading' } | { state: 'ready'; templates: CampaignTemplate[] } | { state: 'failed' };

export interface CustomiseModel extends TagChoice {
  keyword: string;
  /** The rule the typed keyword breaks; null when it is fine or empty. */
  keywordProblem: KeywordReason | null;
  tags: TagList;
  /** Tags put on the shown link (no keyword). */
  apply: ApplyState;
  campaign: CampaignChoice;
  templates: TemplateList;
  /** The URL the link will be made for, with the campaign values written; null with no URL. */
  finalUrl: string | null;
  /** The campaign values differ from the URL's own: saving makes a new link. */
  campaignChanged: boolean;
}

export interface CustomiseDeps {
  send: Send;
  onChange: (model: CustomiseModel) => void;
  /** The link the popup shows now, if any. */
  link: () => LinkView | null;
  /** The URL being customised: the shown link's destination, or the page's. */
  url: () => string | null;
  /** Makes a new link with this keyword, these tags and these campaign values (lib/popup/controller.ts, customise). */
  createLink: (ask: CustomAsk) => void;
}

export const INITIAL_CUSTOMISE: CustomiseModel = {
  keyword: '',
  keywordProblem: null,
  tags: { state: 'loading' },
  ...tagChoice(),
  apply: { state: 'idle' },
  campaign: campaignChoice(null),
  templates: { state: 'loading' },
  finalUrl: null,
  campaignChanged: false,
};

const INTERNAL: ErrorView = { kind: 'internal', message: '' };


export interface CustomiseController {
  /** Loads the workspace's tags, the default tags (chosen to begin with) and the profile's campaign templates. */
  start(): Promise<void>;
  reloadTags(): Promise<void>;
  typeKeyword(keyword: string): void;
  toggleTag(name: string): void;
  typeNewTag(name: string): void;
  /** Adds the typed tag to the chosen ones, if the tag rules allow it. */
  addNewTag(): void;
  /** A field of the campaign values typed. */
  typeCampaign(field: UtmField, value: string): void;
  /** A saved template's values fill their fields. */
  applyTemplate(template: CampaignTemplate): void;
  /** Another link is shown (the one just made): the keyword empties, the campaign values begin again from its URL. */
  linkChanged(): void;
  /** One of the free short URLs the service suggested for a taken keyword: made with the tags and campaign values. */
  chooseSuggestion(shortUrl: string): void;
  /** A keyword or changed campaign values: a new link. Neither: the chosen tags on the shown link. */
  submit(): Promise<void>;
  model(): CustomiseModel;
}

export function createCustomiseController(deps: CustomiseDeps): CustomiseController {
  let model = INITIAL_CUSTOMISE;
  const set = (patch: Partial<CustomiseModel>) => {
    model = { ...model, ...patch };
    deps.onChange(model);
  };
  /** The campaign values and what follows from them. */
  const campaignPatch = (campaign: CampaignChoice): Partial<CustomiseModel> => {
    const url = deps.url();
    return {
      campaign,
      finalUrl: url === null ? null : finalUrlOf(url, campaign),
      campaignChanged: Object.keys(campaignChanges(campaign)).length > 0,
    };
  };
  model = { ...model, ...campaignPatch(campaignChoice(deps.url())) };

  let asking = 0;
  /**
   * With no link shown, the page's own URL is what gets shortened, after the background cleans
   * it and applies its site rule: the background says what it becomes, and the local preview
   * (which cannot clean within the popup's budget) is replaced by that answer.
   */
  async function askFinalUrl(): Promise<void> {
    const url = deps.url();
    if (url === null || deps.link() !== null) return;
    const asked = ++asking;
    const changes = campaignChanges(model.campaign);
    try {
      const answer = await deps.send('finalUrl', { url, ...(Object.keys(changes).length > 0 ? { utm: changes } : {}) });
      if (asked === asking && answer !== null) set({ finalUrl: answer });
    } catch {
      // The local preview stays.
    }
  }

  async function loadTemplates(): Promise<void> {
    try {
      set({ templates: { state: 'ready', templates: await deps.send('campaignTemplates', {}) } });
    } catch {
      set({ templates: { state: 'failed' } });
    }
  }

  /** The campaign values to send: the changed fields, or none. */
  const utmAsk = (): Pick<CustomAsk, 'utm'> => (model.campaignChanged ? { utm: campaignChanges(model.campaign) } : {});

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
      await Promise.all([loadTags(), loadChosen(), loadTemplates(), askFinalUrl()]);
    },
    reloadTags: loadTags,

    typeKeyword(keyword) {
      const problem = keyword === '' ? null : keywordProblem(keyword);
      set({ keyword, keywordProblem: problem?.reason ?? null, apply: { state: 'idle' } });
    },

    toggleTag: (name) => pick((c) => toggleTag(c, name)),
    typeNewTag: (newTag) => set(typeNewTag(model, newTag)),
    addNewTag: () => pick(addNewTag),

    typeCampaign(field, value) {
      set({ ...campaignPatch(typeCampaign(model.campaign, field, value)), apply: { state: 'idle' } });
      void askFinalUrl();
    },

    applyTemplate(template) {
      set({ ...campaignPatch(applyTemplate(model.campaign, template)), apply: { state: 'idle' } });
      void askFinalUrl();
    },

    linkChanged() {
      set({ keyword: '', keywordProblem: null, apply: { state: 'idle' }, ...campaignPatch(campaignChoice(deps.url())) });
    },

    chooseSuggestion(shortUrl) {
      const keyword = keywordOf(shortUrl);
      if (keyword !== null && !campaignBlocked(model.campaign)) deps.createLink({ keyword, tags: model.chosen, ...utmAsk() });
    },

    async submit() {
      const { keyword, chosen } = model;
      // Each field says what is wrong with it; nothing is sent until they are fixed.
      if (campaignBlocked(model.campaign)) return;
      if (keyword !== '') {
        const problem = keywordProblem(keyword);
        if (problem !== null) {
          set({ keywordProblem: problem.reason });
          return;
        }
        deps.createLink({ keyword, tags: chosen, ...utmAsk() });
        return;
      }
      const link = deps.link();
      if (link === null) {
        set({ keywordProblem: 'empty' });
        return;
      }
      // Other campaign values: a new link for the final URL, with a random keyword, replacing the shown one.
      if (model.campaignChanged) {
        deps.createLink({ keyword: '', tags: chosen, ...utmAsk() });
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
