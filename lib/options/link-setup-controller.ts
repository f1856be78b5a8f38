/**
 * The options page's campaign templates and site rules (issue 25), without
 * Preact or the browser: the active profile's lists, an editor for one
 * template and one rule at a time, delete (confirmed), the rules' order, and
 * the test box's URL. Saving checks the template or rule as an import would
 * (lib/campaign/template.ts, lib/site-rules/site-rule.ts); a problem is kept
 * as a code beside the draft, and lib/options/link-setup-text.ts words it.
 * Every write stores the profile's whole setup through the storage module,
 * which the background follows, so the next link uses it at once.
 */
import { EMPTY_UTM } from '../campaign/utm';
import { TEMPLATES_MAX, checkTemplate, type CampaignTemplate, type TemplateProblem } from '../campaign/template';
import { RULES_MAX, checkRule, type RuleProblem, type SiteRule } from '../site-rules/site-rule';
import type { LinkSetup } from '../site-rules/link-setup';
import { draftOfRule, emptyRuleDraft, ruleOfDraft, type RuleDraft } from './rule-draft';

export interface TemplateEdit {
  draft: CampaignTemplate;
  isNew: boolean;
  problem: TemplateProblem | null;
}

export interface RuleEdit {
  draft: RuleDraft;
  isNew: boolean;
  problem: RuleProblem | null;
}

export type LinkSetupStatus =
  | { kind: 'template-saved' | 'template-deleted'; name: string }
  | { kind: 'rule-saved' | 'rule-deleted'; pattern: string }
  | { kind: 'rule-moved'; pattern: string; position: number }
  | { kind: 'templates-full' | 'rules-full' }
  /** A template still named by rules is not deleted: they are named, to change first. */
  | { kind: 'template-in-use'; name: string; patterns: string[] }
  | { kind: 'save-failed' };

export interface LinkSetupModel {
  /** The profile whose lists are shown; null before one is known. */
  profileId: string | null;
  /** null while loading. */
  setup: LinkSetup | null;
  loadFailed: boolean;
  templateEdit: TemplateEdit | null;
  ruleEdit: RuleEdit | null;
  confirming: { kind: 'template' | 'rule'; id: string } | null;
  status: LinkSetupStatus | null;
  saving: boolean;
  testUrl: string;
}

export const INITIAL_LINK_SETUP: LinkSetupModel = {
  profileId: null,
  setup: null,
  loadFailed: false,
  templateEdit: null,
  ruleEdit: null,
  confirming: null,
  status: null,
  saving: false,
  testUrl: '',
};

export interface LinkSetupDeps {
  load: (profileId: string) => Promise<LinkSetup>;
  save: (profileId: string, setup: LinkSetup) => Promise<void>;
  newId: () => string;
  onChange: (model: LinkSetupModel) => void;
}

export interface LinkSetupController {
  model(): LinkSetupModel;
  /** Shows `profileId`'s lists (another profile: editors closed); the same one: read again, editors kept. */
  load(profileId: string): Promise<void>;
  newTemplate(): void;
  editTemplate(id: string): void;
  changeTemplate(draft: CampaignTemplate): void;
  saveTemplate(): Promise<void>;
  cancelTemplate(): void;
  askDeleteTemplate(id: string): void;
  newRule(): void;
  editRule(id: string): void;
  changeRule(draft: RuleDraft): void;
  saveRule(): Promise<void>;
  cancelRule(): void;
  askDeleteRule(id: string): void;
  /** Deletes what `askDelete…` asked about. */
  confirmDelete(): Promise<void>;
  cancelDelete(): void;
  /** Moves a rule one place up (-1) or down (1): the first matching rule applies. */
  moveRule(id: string, by: -1 | 1): Promise<void>;
  typeTestUrl(url: string): void;
}

export function createLinkSetupController(deps: LinkSetupDeps): LinkSetupController {
  let model = INITIAL_LINK_SETUP;
  const set = (patch: Partial<LinkSetupModel>) => {
    model = { ...model, ...patch };
    deps.onChange(model);
  };
  const setup = (): LinkSetup => model.setup ?? { templates: [], rules: [] };

  /** Stores `next` for the shown profile; false (and said) when it could not be. */
  async function write(next: LinkSetup, done: Partial<LinkSetupModel>): Promise<boolean> {
    const profileId = model.profileId;
    if (profileId === null || model.saving) return false;
    set({ saving: true });
    try {
      await deps.save(profileId, next);
    } catch {
      set({ saving: false, status: { kind: 'save-failed' } });
      return false;
    }
    // The profile changed while saving: what was saved is its own, and the page shows the new one.
    if (model.profileId !== profileId) {
      set({ saving: false });
      return true;
    }
    set({ saving: false, setup: next, ...done });
    return true;
  }

  return {
    model: () => model,

    async load(profileId) {
      const same = profileId === model.profileId;
      set(same ? { loadFailed: false } : { ...INITIAL_LINK_SETUP, profileId, testUrl: model.testUrl });
      try {
        const loaded = await deps.load(profileId);
        if (model.profileId === profileId) set({ setup: loaded });
      } catch {
        if (model.profileId === profileId) set({ loadFailed: true });
      }
    },

    newTemplate() {
      if (setup().templates.length >= TEMPLATES_MAX) {
        set({ status: { kind: 'templates-full' } });
        return;
      }
      set({ templateEdit: { draft: { id: deps.newId(), name: '', utm: { ...EMPTY_UTM } }, isNew: true, problem: null }, status: null });
    },

    editTemplate(id) {
      const template = setup().templates.find((t) => t.id === id);
      if (template === undefined) return;
      set({ templateEdit: { draft: { ...template, utm: { ...template.utm } }, isNew: false, problem: null }, status: null });
    },

    changeTemplate(draft) {
      if (model.templateEdit === null) return;
      // A problem stays shown until the next Save: it is said about what was saved, not every keystroke.
      set({ templateEdit: { ...model.templateEdit, draft } });
    },

    async saveTemplate() {
      const edit = model.templateEdit;
      if (edit === null) return;
      const { templates, rules } = setup();
      const checked = checkTemplate(edit.draft, templates);
      if (!checked.ok) {
        const { ok: _ok, ...problem } = checked;
        set({ templateEdit: { ...edit, problem } });
        return;
      }
      if (edit.isNew && templates.length >= TEMPLATES_MAX) {
        set({ status: { kind: 'templates-full' } });
        return;
      }
      const template = checked.template;
      const next = edit.isNew ? [...templates, template] : templates.map((t) => (t.id === template.id ? template : t));
      await write({ templates: next, rules }, { templateEdit: null, status: { kind: 'template-saved', name: template.name } });
    },

    cancelTemplate() {
      set({ templateEdit: null });
    },

    askDeleteTemplate(id) {
      const { templates, rules } = setup();
      const template = templates.find((t) => t.id === id);
      if (template === undefined) return;
      const users = rules.filter((r) => r.templateId === id).map((r) => r.pattern);
      if (users.length > 0) {
        set({ confirming: null, status: { kind: 'template-in-use', name: template.name, patterns: users } });
        return;
      }
      set({ confirming: { kind: 'template', id }, status: null });
    },

    newRule() {
      if (setup().rules.length >= RULES_MAX) {
        set({ status: { kind: 'rules-full' } });
        return;
      }
      set({ ruleEdit: { draft: emptyRuleDraft(deps.newId()), isNew: true, problem: null }, status: null });
    },

    editRule(id) {
      const rule = setup().rules.find((r) => r.id === id);
      if (rule === undefined) return;
      set({ ruleEdit: { draft: draftOfRule(rule), isNew: false, problem: null }, status: null });
    },

    changeRule(draft) {
      if (model.ruleEdit === null) return;
      set({ ruleEdit: { ...model.ruleEdit, draft } });
    },

    async saveRule() {
      const edit = model.ruleEdit;
      if (edit === null) return;
      const { templates, rules } = setup();
      const checked = checkRule(ruleOfDraft(edit.draft), rules, templates.map((t) => t.id));
      if (!checked.ok) {
        set({ ruleEdit: { ...edit, problem: checked.problem } });
        return;
      }
      if (edit.isNew && rules.length >= RULES_MAX) {
        set({ status: { kind: 'rules-full' } });
        return;
      }
      const rule = checked.rule;
      const next: SiteRule[] = edit.isNew ? [...rules, rule] : rules.map((r) => (r.id === rule.id ? rule : r));
      await write({ templates, rules: next }, { ruleEdit: null, status: { kind: 'rule-saved', pattern: rule.pattern } });
    },

    cancelRule() {
      set({ ruleEdit: null });
    },

    askDeleteRule(id) {
      if (!setup().rules.some((r) => r.id === id)) return;
      set({ confirming: { kind: 'rule', id }, status: null });
    },

    async confirmDelete() {
      const confirming = model.confirming;
      if (confirming === null) return;
      const { templates, rules } = setup();
      if (confirming.kind === 'template') {
        const template = templates.find((t) => t.id === confirming.id);
        // Asked again: a rule may have taken the template up since the question.
        if (template === undefined || rules.some((r) => r.templateId === template.id)) {
          set({ confirming: null });
          return;
        }
        const edit = model.templateEdit?.draft.id === template.id ? { templateEdit: null } : {};
        await write(
          { templates: templates.filter((t) => t.id !== template.id), rules },
          { confirming: null, ...edit, status: { kind: 'template-deleted', name: template.name } },
        );
        return;
      }
      const rule = rules.find((r) => r.id === confirming.id);
      if (rule === undefined) {
        set({ confirming: null });
        return;
      }
      const edit = model.ruleEdit?.draft.id === rule.id ? { ruleEdit: null } : {};
      await write(
        { templates, rules: rules.filter((r) => r.id !== rule.id) },
        { confirming: null, ...edit, status: { kind: 'rule-deleted', pattern: rule.pattern } },
      );
    },

    cancelDelete() {
      set({ confirming: null });
    },

    async moveRule(id, by) {
      const { templates, rules } = setup();
      const from = rules.findIndex((r) => r.id === id);
      const to = from + by;
      const rule = rules[from];
      const other = rules[to];
      if (rule === undefined || other === undefined) return;
      const next = [...rules];
      next[to] = rule;
      next[from] = other;
      await write({ templates, rules: next }, { status: { kind: 'rule-moved', pattern: rule.pattern, position: to + 1 } });
    },

    typeTestUrl(testUrl) {
      set({ testUrl });
    },
  };
}
