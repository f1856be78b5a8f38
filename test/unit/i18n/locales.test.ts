/**
 * Every catalogue in public/_locales has exactly the keys of the English one,
 * and each message the same substitutions ($1…$9) and named placeholders as
 * its English original, so no page shows a key or drops a value in another
 * language. A key added to `en` fails here until every locale has it.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const LOCALES_DIR = join(__dirname, '../../../public/_locales');

interface Entry {
  message: string;
  placeholders?: Record<string, { content: string }>;
}

function catalogue(locale: string): Record<string, Entry> {
  return JSON.parse(readFileSync(join(LOCALES_DIR, locale, 'messages.json'), 'utf8')) as Record<string, Entry>;
}

/** What a message substitutes: positional `$1`…`$9` and named `$name$`, plus its placeholders' contents. */
function substitutions(entry: Entry): string[] {
  const positional = entry.message.match(/\$[1-9]/g) ?? [];
  const named = (entry.message.match(/\$[A-Za-z0-9_@]+\$/g) ?? []).map((n) => n.toLowerCase());
  const contents = Object.entries(entry.placeholders ?? {}).map(([name, p]) => `${name.toLowerCase()}=${p.content}`);
  return [...new Set([...positional, ...named, ...contents])].sort();
}

const en = catalogue('en');
const others = readdirSync(LOCALES_DIR).filter((l) => l !== 'en');

describe('locale catalogues', () => {
  it('include Hindi', () => {
    expect(others).toContain('hi');
  });

  describe.each(others)('%s', (locale) => {
    const messages = catalogue(locale);

    it('has exactly the keys of en', () => {
      expect(Object.keys(messages).sort()).toEqual(Object.keys(en).sort());
    });

    it('keeps every message\'s substitutions', () => {
      const differing = Object.keys(en)
        .filter((key) => key in messages)
        .filter((key) => substitutions(messages[key] as Entry).join() !== substitutions(en[key] as Entry).join());
      expect(differing).toEqual([]);
    });

    it('has no empty message', () => {
      expect(Object.keys(messages).filter((key) => (messages[key]?.message ?? '').trim() === '')).toEqual([]);
    });
  });
});
