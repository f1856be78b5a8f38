/**
 * The lint's rules on length and on the context menu (eslint.config.js),
 * each shown failing on a source that breaks it and passing one that keeps it.
 */
import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: resolve(import.meta.dirname, '../..') });

async function rulesBroken(filePath: string, text: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

const lines = (n: number) => Array.from({ length: n }, (_, i) => `export const v${i} = ${i};`).join('\n') + '\n';

describe('max-lines', () => {
  it('refuses a source file over 300 lines, and takes one of 300', async () => {
    expect(await rulesBroken('lib/tags/long.ts', lines(301))).toContain('max-lines');
    expect(await rulesBroken('lib/tags/long.ts', lines(300))).toEqual([]);
  });

  it("refuses an entry app over 150 lines (a page's parts belong in components/ and lib/)", async () => {
    expect(await rulesBroken('entrypoints/popup/app.tsx', lines(151))).toContain('max-lines');
    expect(await rulesBroken('entrypoints/popup/app.tsx', lines(150))).toEqual([]);
  });
}, 60_000);

describe('one context-menu click listener', () => {
  const listener = "import { browser } from 'wxt/browser';\nbrowser.contextMenus.onClicked.addListener(() => undefined);\n";

  it('refuses a listener anywhere but lib/background/menus/context-menu.ts', async () => {
    expect(await rulesBroken('lib/background/menus/stats-menu.ts', listener)).toContain('no-restricted-syntax');
    expect(await rulesBroken('lib/background/menus/context-menu.ts', listener)).toEqual([]);
  });
}, 60_000);
