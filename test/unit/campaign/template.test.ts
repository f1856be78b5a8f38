import { describe, expect, it } from 'vitest';
import { checkTemplate, templateFields, type CampaignTemplate } from '../../../lib/campaign/template';
import { EMPTY_UTM } from '../../../lib/campaign/utm';

const newsletter: CampaignTemplate = { id: 't1', name: ' Newsletter ', utm: { ...EMPTY_UTM, source: ' news ', medium: 'email' } };

describe('checkTemplate', () => {
  it('saves the template trimmed', () => {
    expect(checkTemplate(newsletter, [])).toEqual({ ok: true, template: { id: 't1', name: 'Newsletter', utm: { ...EMPTY_UTM, source: 'news', medium: 'email' } } });
  });

  it('refuses an empty or taken name, no values, and bad values with their field', () => {
    expect(checkTemplate({ ...newsletter, name: '  ' }, [])).toMatchObject({ ok: false, problem: 'name-empty' });
    expect(checkTemplate({ ...newsletter, name: 'x'.repeat(61) }, [])).toMatchObject({ ok: false, problem: 'name-too-long' });
    expect(checkTemplate({ ...newsletter, id: 't2' }, [{ ...newsletter, name: 'NEWSLETTER' }])).toMatchObject({ ok: false, problem: 'name-taken' });
    expect(checkTemplate({ ...newsletter, utm: { ...EMPTY_UTM, source: '   ' } }, [])).toMatchObject({ ok: false, problem: 'no-values' });
    expect(checkTemplate({ ...newsletter, utm: { ...EMPTY_UTM, campaign: 'a\u0000b' } }, [])).toEqual({ ok: false, problem: 'value-control', field: 'campaign' });
    expect(checkTemplate({ ...newsletter, utm: { ...EMPTY_UTM, term: 'x'.repeat(201) } }, [])).toEqual({ ok: false, problem: 'value-too-long', field: 'term' });
  });

  it('sets only its non-empty fields', () => {
    expect(templateFields({ ...newsletter, utm: { ...EMPTY_UTM, source: 'news' } })).toEqual({ source: 'news' });
  });
});
