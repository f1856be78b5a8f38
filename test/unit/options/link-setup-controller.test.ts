import { describe, expect, it } from 'vitest';
import { EMPTY_UTM } from '../../../lib/campaign/utm';
import { TEMPLATES_MAX, type CampaignTemplate } from '../../../lib/campaign/template';
import { createLinkSetupController } from '../../../lib/options/link-setup-controller';
import { emptyRuleDraft, type RuleDraft } from '../../../lib/options/rule-draft';
import { RULES_MAX, type SiteRule } from '../../../lib/site-rules/site-rule';
import type { LinkSetup } from '../../../lib/site-rules/link-setup';

const NEWS: CampaignTemplate = { id: 't-news', name: 'Newsletter', utm: { ...EMPTY_UTM, source: 'news', medium: 'email' } };

/** The controller over an in-memory store of setups by profile, as lib/site-rules/link-setup.ts keeps them. */
function section(stored: Record<string, LinkSetup> = {}, options: { failSave?: boolean } = {}) {
  const store: Record<string, LinkSetup> = structuredClone(stored);
  let ids = 0;
  const saves: string[] = [];
  const controller = createLinkSetupController({
    load: async (profileId) => structuredClone(store[profileId] ?? { templates: [], rules: [] }),
    save: async (profileId, setup) => {
      if (options.failSave) throw new Error('quota');
      saves.push(profileId);
      store[profileId] = structuredClone(setup);
    },
    newId: () => `id-${++ids}`,
    onChange: () => undefined,
  });
  return { controller, store, saves, model: () => controller.model() };
}

async function addTemplate(s: ReturnType<typeof section>, name: string, utm: Partial<typeof EMPTY_UTM>) {
  s.controller.newTemplate();
  const draft = s.model().templateEdit!.draft;
  s.controller.changeTemplate({ ...draft, name, utm: { ...draft.utm, ...utm } });
  await s.controller.saveTemplate();
}

async function addRule(s: ReturnType<typeof section>, change: Partial<RuleDraft>) {
  s.controller.newRule();
  s.controller.changeRule({ ...s.model().ruleEdit!.draft, ...change });
  await s.controller.saveRule();
}

describe('options: campaign templates', () => {
  it('adds a template, trimmed, to the active profile and stores it', async () => {
    const s = section();
    await s.controller.load('p1');
    await addTemplate(s, '  LinkedIn ', { source: ' linkedin ', campaign: 'launch week' });
    expect(s.model().templateEdit).toBeNull();
    expect(s.model().status).toEqual({ kind: 'template-saved', name: 'LinkedIn' });
    expect(s.store.p1!.templates).toEqual([{ id: 'id-1', name: 'LinkedIn', utm: { ...EMPTY_UTM, source: 'linkedin', campaign: 'launch week' } }]);
    expect(s.model().setup!.templates).toEqual(s.store.p1!.templates);
  });

  it('edits a template in place, keeping its id', async () => {
    const s = section({ p1: { templates: [NEWS], rules: [] } });
    await s.controller.load('p1');
    s.controller.editTemplate('t-news');
    const draft = s.model().templateEdit!.draft;
    expect(s.model().templateEdit!.isNew).toBe(false);
    s.controller.changeTemplate({ ...draft, name: 'Weekly', utm: { ...draft.utm, medium: '' } });
    await s.controller.saveTemplate();
    expect(s.store.p1!.templates).toEqual([{ id: 't-news', name: 'Weekly', utm: { ...EMPTY_UTM, source: 'news' } }]);
  });

  it.each([
    ['an empty name', { name: '  ' }, { problem: 'name-empty' }],
    ['a long name', { name: 'n'.repeat(61) }, { problem: 'name-too-long' }],
    ['a name taken, in other case', { name: 'NEWSLETTER' }, { problem: 'name-taken' }],
    ['no values', { name: 'Blank', utm: { ...EMPTY_UTM, term: '   ' } }, { problem: 'no-values' }],
    ['a value too long', { name: 'Long', utm: { ...EMPTY_UTM, content: 'c'.repeat(201) } }, { problem: 'value-too-long', field: 'content' }],
    ['a value with a line break', { name: 'Break', utm: { ...EMPTY_UTM, source: 'a\nb' } }, { problem: 'value-control', field: 'source' }],
  ])('refuses %s, naming the problem, and stores nothing', async (_, change, problem) => {
    const s = section({ p1: { templates: [NEWS], rules: [] } });
    await s.controller.load('p1');
    s.controller.newTemplate();
    s.controller.changeTemplate({ ...s.model().templateEdit!.draft, utm: { ...EMPTY_UTM, source: 'x' }, ...change });
    await s.controller.saveTemplate();
    expect(s.model().templateEdit!.problem).toEqual(problem);
    expect(s.saves).toEqual([]);
    expect(s.store.p1!.templates).toEqual([NEWS]);
  });

  it(`stops at ${TEMPLATES_MAX} templates with a status, opening no editor`, async () => {
    const full = Array.from({ length: TEMPLATES_MAX }, (_, i) => ({ ...NEWS, id: `t${i}`, name: `T${i}` }));
    const s = section({ p1: { templates: full, rules: [] } });
    await s.controller.load('p1');
    s.controller.newTemplate();
    expect(s.model().templateEdit).toBeNull();
    expect(s.model().status).toEqual({ kind: 'templates-full' });
  });

  it('deletes a template only once confirmed', async () => {
    const s = section({ p1: { templates: [NEWS], rules: [] } });
    await s.controller.load('p1');
    s.controller.askDeleteTemplate('t-news');
    expect(s.model().confirming).toEqual({ kind: 'template', id: 't-news' });
    s.controller.cancelDelete();
    expect(s.store.p1!.templates).toEqual([NEWS]);
    s.controller.askDeleteTemplate('t-news');
    await s.controller.confirmDelete();
    expect(s.store.p1!.templates).toEqual([]);
    expect(s.model().status).toEqual({ kind: 'template-deleted', name: 'Newsletter' });
  });

  it('refuses to delete a template a rule uses, naming the rules', async () => {
    const rules: SiteRule[] = [
      { id: 'r1', pattern: 'acme.dev', templateId: 't-news' },
      { id: 'r2', pattern: 'other.dev', clean: false },
      { id: 'r3', pattern: '*.acme.dev', templateId: 't-news', tags: ['x'] },
    ];
    const s = section({ p1: { templates: [NEWS], rules } });
    await s.controller.load('p1');
    s.controller.askDeleteTemplate('t-news');
    expect(s.model().confirming).toBeNull();
    expect(s.model().status).toEqual({ kind: 'template-in-use', name: 'Newsletter', patterns: ['acme.dev', '*.acme.dev'] });
    await s.controller.confirmDelete();
    expect(s.store.p1!.templates).toEqual([NEWS]);
  });

  it('a failed write keeps the editor open and says so', async () => {
    const s = section({}, { failSave: true });
    await s.controller.load('p1');
    await addTemplate(s, 'Ads', { source: 'google' });
    expect(s.model().templateEdit!.draft.name).toBe('Ads');
    expect(s.model().status).toEqual({ kind: 'save-failed' });
    expect(s.model().setup!.templates).toEqual([]);
  });
});

describe('options: site rules', () => {
  it('adds a rule with its domain, tags, template and cleaning, in normal form', async () => {
    const s = section({ p1: { templates: [NEWS], rules: [] } });
    await s.controller.load('p1');
    await addRule(s, { pattern: ' *.ACME.dev ', domain: { kind: 'custom', domain: 'Go.Acme.Dev' }, tags: ['launch'], templateId: 't-news', clean: 'off' });
    expect(s.model().ruleEdit).toBeNull();
    expect(s.model().status).toEqual({ kind: 'rule-saved', pattern: '*.acme.dev' });
    expect(s.store.p1!.rules).toEqual([{ id: 'id-1', pattern: '*.acme.dev', domain: 'go.acme.dev', tags: ['launch'], templateId: 't-news', clean: false }]);
  });

  it("'leave my default' is left unset; the service's own domain is null", async () => {
    const s = section();
    await s.controller.load('p1');
    await addRule(s, { pattern: 'acme.dev', domain: { kind: 'own' } });
    await addRule(s, { pattern: 'beta.dev', clean: 'on' });
    expect(s.store.p1!.rules).toEqual([
      { id: 'id-1', pattern: 'acme.dev', domain: null },
      { id: 'id-2', pattern: 'beta.dev', clean: true },
    ]);
  });

  it('edits a rule: the draft shows what it sets, and saving keeps its place', async () => {
    const rules: SiteRule[] = [
      { id: 'r1', pattern: 'a.dev', domain: null },
      { id: 'r2', pattern: 'b.dev', tags: ['x'], clean: true },
    ];
    const s = section({ p1: { templates: [NEWS], rules } });
    await s.controller.load('p1');
    s.controller.editRule('r2');
    expect(s.model().ruleEdit!.draft).toEqual({ id: 'r2', pattern: 'b.dev', domain: { kind: 'default' }, tags: ['x'], templateId: '', clean: 'on' });
    s.controller.changeRule({ ...s.model().ruleEdit!.draft, templateId: 't-news', clean: 'default' });
    await s.controller.saveRule();
    expect(s.store.p1!.rules).toEqual([rules[0], { id: 'r2', pattern: 'b.dev', tags: ['x'], templateId: 't-news' }]);
  });

  it.each<[string, Partial<RuleDraft>, string]>([
    ['a URL for a pattern', { pattern: 'https://acme.dev/x', clean: 'on' }, 'pattern-invalid'],
    ['a regular expression', { pattern: 'acme\\.(dev|com)', clean: 'on' }, 'pattern-invalid'],
    ['a wildcard inside', { pattern: 'a*.acme.dev', clean: 'on' }, 'pattern-invalid'],
    ['an empty pattern', { pattern: ' ', clean: 'on' }, 'pattern-invalid'],
    ['a pattern another rule has', { pattern: 'ACME.dev', clean: 'on' }, 'pattern-taken'],
    ['a bad domain', { pattern: 'new.dev', domain: { kind: 'custom', domain: 'not a domain' } }, 'domain-invalid'],
    ['a bad tag', { pattern: 'new.dev', tags: ['a\u0000b'] }, 'tags-invalid'],
    ['an unknown template', { pattern: 'new.dev', templateId: 'gone' }, 'template-unknown'],
    ['a rule that sets nothing', { pattern: 'new.dev' }, 'sets-nothing'],
  ])('refuses %s', async (_, change, problem) => {
    const s = section({ p1: { templates: [NEWS], rules: [{ id: 'r1', pattern: 'acme.dev', clean: true }] } });
    await s.controller.load('p1');
    await addRule(s, change);
    expect(s.model().ruleEdit!.problem).toBe(problem);
    expect(s.saves).toEqual([]);
  });

  it(`stops at ${RULES_MAX} rules with a status`, async () => {
    const full = Array.from({ length: RULES_MAX }, (_, i) => ({ id: `r${i}`, pattern: `s${i}.dev`, clean: true }));
    const s = section({ p1: { templates: [], rules: full } });
    await s.controller.load('p1');
    s.controller.newRule();
    expect(s.model().ruleEdit).toBeNull();
    expect(s.model().status).toEqual({ kind: 'rules-full' });
  });

  it('moves rules up and down; the ends do not move', async () => {
    const rules: SiteRule[] = ['a.dev', 'b.dev', 'c.dev'].map((pattern, i) => ({ id: `r${i}`, pattern, clean: true }));
    const s = section({ p1: { templates: [], rules } });
    await s.controller.load('p1');
    await s.controller.moveRule('r2', -1);
    expect(s.store.p1!.rules.map((r) => r.pattern)).toEqual(['a.dev', 'c.dev', 'b.dev']);
    expect(s.model().status).toEqual({ kind: 'rule-moved', pattern: 'c.dev', position: 2 });
    await s.controller.moveRule('r0', 1);
    expect(s.store.p1!.rules.map((r) => r.pattern)).toEqual(['c.dev', 'a.dev', 'b.dev']);
    const saves = s.saves.length;
    await s.controller.moveRule('r2', -1);
    await s.controller.moveRule('r1', 1);
    expect(s.saves.length).toBe(saves);
  });

  it('deletes a rule once confirmed, closing its editor', async () => {
    const s = section({ p1: { templates: [], rules: [{ id: 'r1', pattern: 'a.dev', clean: true }] } });
    await s.controller.load('p1');
    s.controller.editRule('r1');
    s.controller.askDeleteRule('r1');
    expect(s.model().confirming).toEqual({ kind: 'rule', id: 'r1' });
    await s.controller.confirmDelete();
    expect(s.store.p1!.rules).toEqual([]);
    expect(s.model().ruleEdit).toBeNull();
    expect(s.model().status).toEqual({ kind: 'rule-deleted', pattern: 'a.dev' });
  });

  it('a new rule starts as the default of every field', () => {
    expect(emptyRuleDraft('x')).toEqual({ id: 'x', pattern: '', domain: { kind: 'default' }, tags: [], templateId: '', clean: 'default' });
  });
});

describe('options: templates and rules per profile', () => {
  it("another profile shows its own lists, closes the editors, and writes go to it", async () => {
    const s = section({ p1: { templates: [NEWS], rules: [{ id: 'r1', pattern: 'a.dev', clean: true }] }, p2: { templates: [], rules: [] } });
    await s.controller.load('p1');
    s.controller.editRule('r1');
    s.controller.typeTestUrl('https://a.dev/');
    await s.controller.load('p2');
    expect(s.model()).toMatchObject({ profileId: 'p2', setup: { templates: [], rules: [] }, ruleEdit: null, testUrl: 'https://a.dev/' });
    await addRule(s, { pattern: 'b.dev', clean: 'off' });
    expect(s.store.p2!.rules.map((r) => r.pattern)).toEqual(['b.dev']);
    expect(s.store.p1!.rules.map((r) => r.pattern)).toEqual(['a.dev']);
  });

  it('the same profile read again (a file imported) keeps the open editor', async () => {
    const s = section({ p1: { templates: [NEWS], rules: [] } });
    await s.controller.load('p1');
    s.controller.newRule();
    s.store.p1 = { templates: [NEWS], rules: [{ id: 'r9', pattern: 'z.dev', clean: true }] };
    await s.controller.load('p1');
    expect(s.model().ruleEdit).not.toBeNull();
    expect(s.model().setup!.rules.map((r) => r.pattern)).toEqual(['z.dev']);
  });

  it('a failed read is said, not shown as empty lists', async () => {
    const controller = createLinkSetupController({
      load: () => Promise.reject(new Error('storage')),
      save: () => Promise.resolve(),
      newId: () => 'x',
      onChange: () => undefined,
    });
    await controller.load('p1');
    expect(controller.model()).toMatchObject({ setup: null, loadFailed: true });
  });
});
