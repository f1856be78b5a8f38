import { describe, expect, it } from 'vitest';
import { blockTitleKey } from '../../../lib/analytics-view/block-title';
import { analyticsCsv, csvText, type CsvWords } from '../../../lib/analytics-view/export-csv';
import { readAnalytics, type BlockResult } from '../../../lib/analytics-view/read-analytics';

const words: CsvWords = {
  label: (l) => ('text' in l ? l.text : `<${l.key}>`),
  fallbackTitle: (id) => `<${blockTitleKey(id)}>`,
  empty: (reason) => `empty:${reason}`,
  nameHead: 'Name',
  membersHead: 'Members',
  more: (n) => `and ${n} more`,
};

describe('csvText', () => {
  it('leaves plain text alone', () => {
    expect(csvText('Chrome')).toBe('Chrome');
  });
  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(csvText('a,b')).toBe('"a,b"');
    expect(csvText('say "hi"')).toBe('"say ""hi"""');
    expect(csvText('two\nlines')).toBe('"two\nlines"');
    expect(csvText('cr\rhere')).toBe('"cr\rhere"');
  });
  it.each(['=SUM(A1)', '+1', '-2+3', '@cmd', '\tx'])('a cell starting like a formula (%j) is defused', (raw) => {
    expect(csvText(raw)).toBe(`'${raw}`);
  });
  it('a formula with a comma is both defused and quoted', () => {
    expect(csvText('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
  });
});

describe('analyticsCsv', () => {
  it('one section per block: title, head, rows; numbers in full, text escaped', () => {
    const results: BlockResult[] = [
      {
        id: 'topBrowsers',
        view: {
          status: 'chart',
          spec: {
            kind: 'bar',
            title: { text: 'Top, browsers' },
            hint: 'bar',
            hintHonoured: true,
            clamped: false,
            labels: [],
            datasets: [],
            axes: { category: null, value: null },
            table: {
              head: [{ key: 'analyticsClicks' }],
              rows: [
                { label: { text: '=cmd|x' }, values: [1234567], unit: 'count' },
                { label: { text: 'Fire"fox' }, values: [-3.5], unit: 'percent' },
              ],
            },
          },
        },
      },
      { id: 'topCities', view: { status: 'none', reason: 'malformed' } },
    ];
    expect(analyticsCsv(results, words)).toBe(
      ['"Top, browsers"', 'Name,<analyticsClicks>', "'=cmd|x,1234567", '"Fire""fox",-3.5', '', '<analyticsTopCities>', 'empty:malformed', ''].join('\r\n'),
    );
  });

  it('treemap rows list their members, with the count left out', () => {
    const results: BlockResult[] = [
      {
        id: 'advTree:age_groups_recommendation',
        view: {
          status: 'chart',
          spec: {
            kind: 'treemap',
            title: { text: 'Tree' },
            hint: 'treemap',
            hintHonoured: true,
            clamped: false,
            tiles: [],
            table: {
              head: [{ text: 'States' }],
              rows: [{ label: { text: 'Zone' }, values: [3], unit: 'count', members: [{ text: 'A' }, { text: 'B, C' }], moreMembers: 1 }],
            },
          },
        },
      },
    ];
    expect(analyticsCsv(results, words).split('\r\n')).toEqual(['Tree', 'Name,States,Members', 'Zone,3,"A; B, C; and 1 more"', '']);
  });

  it('an answer with nothing in it still gives a section per block, in words', () => {
    const csv = analyticsCsv(readAnalytics({}), words);
    const sections = csv.trimEnd().split('\r\n\r\n');
    expect(sections).toHaveLength(readAnalytics({}).length);
    expect(sections[0]).toBe('<analyticsScoreCard>\r\nempty:missing');
  });
});
