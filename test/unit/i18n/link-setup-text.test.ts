/** Templates' and site rules' refusals and statuses in the user's words, each beside its field (lib/options/link-setup-text.ts). */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { linkSetupStatusText, ruleProblemText, ruleSetsText, templateProblemText } from '../../../lib/options/link-setup-text';
import { useCatalogue } from '../fixtures/catalogue';

beforeEach(() => {
  fakeBrowser.reset();
  useCatalogue();
});

describe('templateProblemText', () => {
  it.each([
    [{ problem: 'name-empty' } as const, 'name', 'Give the template a name.'],
    [{ problem: 'name-too-long' } as const, 'name', 'A template name can be at most 60 characters.'],
    [{ problem: 'name-taken' } as const, 'name', 'This profile already has a template with this name.'],
    [{ problem: 'no-values' } as const, 'values', 'Fill in at least one campaign value.'],
    [{ problem: 'value-too-long', field: 'term' } as const, 'term', 'Term (utm_term) can be at most 200 characters.'],
    [{ problem: 'value-control', field: 'source' } as const, 'source', 'Source (utm_source) holds characters a link cannot carry, such as a line break or a tab.'],
  ])('%j is said beside its field', (problem, field, text) => {
    expect(templateProblemText(problem)).toEqual({ field, text });
  });
});

describe('ruleProblemText', () => {
  it('a bad pattern gives an example of a good one', () => {
    expect(ruleProblemText('pattern-invalid')).toEqual({ field: 'pattern', text: expect.stringContaining('acme.dev, or *.acme.dev') });
  });

  it.each([
    ['pattern-taken', 'pattern'],
    ['domain-invalid', 'domain'],
    ['tags-invalid', 'tags'],
    ['template-unknown', 'template'],
    ['sets-nothing', 'form'],
  ] as const)('%s is said beside the %s', (problem, field) => {
    expect(ruleProblemText(problem)).toEqual({ field, text: expect.stringMatching(/\w{3}/) });
  });
});

describe('ruleSetsText and the statuses', () => {
  it("names the domain (the service's own by its host), the tags, the template and the cleaning", () => {
    expect(ruleSetsText({ domain: null, tags: ['a', 'b'], template: 'Newsletter', clean: false }, 'sho.rt')).toEqual([
      'Domain: sho.rt',
      'Tags: a, b',
      'Template: Newsletter',
      'Cleaning: never',
    ]);
    expect(ruleSetsText({ domain: 'xn--bcher-kva.example' }, 'sho.rt')).toEqual(['Domain: bücher.example']);
    expect(ruleSetsText({}, 'sho.rt')).toEqual([]);
  });

  it('a template in use names the rules that use it, as a failure', () => {
    expect(linkSetupStatusText({ kind: 'template-in-use', name: 'Ads', patterns: ['acme.dev', '*.acme.dev'] })).toEqual({
      text: '“Ads” was not deleted: the rules for acme.dev, *.acme.dev use it. Choose another template in those rules first.',
      failed: true,
    });
    expect(linkSetupStatusText({ kind: 'rules-full' })).toEqual({ text: expect.stringContaining('100 rules'), failed: true });
    expect(linkSetupStatusText({ kind: 'rule-moved', pattern: 'a.dev', position: 2 })).toEqual({ text: 'a.dev is now rule 2.', failed: false });
  });
});
