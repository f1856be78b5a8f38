/** scripts/lint/layout.ts: each rule fails on a tree that breaks it, and the repository keeps them. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { layoutProblems } from '../../scripts/lint/layout';

const trees: string[] = [];
afterEach(() => trees.splice(0).forEach((tree) => rmSync(tree, { recursive: true, force: true })));

function tree(files: string[]): string {
  const root = mkdtempSync(join(tmpdir(), 'layout-'));
  trees.push(root);
  mkdirSync(join(root, 'lib/background'), { recursive: true });
  for (const file of files) {
    mkdirSync(join(root, file, '..'), { recursive: true });
    writeFileSync(join(root, file), 'export {};\n');
  }
  return root;
}

describe('the floor plan', () => {
  it('refuses a loose file in lib/', () => {
    expect(layoutProblems(tree(['lib/util.ts', 'lib/tags/list.ts']))).toEqual(['lib/util.ts: lib/ holds rooms only; put it in the folder of its concern']);
  });

  it('refuses a sixteenth file at the top of lib/background/, and counts none in its rooms', () => {
    const top = Array.from({ length: 16 }, (_, i) => `lib/background/f${i}.ts`);
    expect(layoutProblems(tree(top))).toEqual(['lib/background/ has 16 files at its top (at most 15): move some into its rooms']);
    const inRooms = [...top.slice(0, 15), ...Array.from({ length: 30 }, (_, i) => `lib/background/menus/m${i}.ts`)];
    expect(layoutProblems(tree(inRooms))).toEqual([]);
  });

  it('holds in this repository', () => {
    expect(layoutProblems(resolve(import.meta.dirname, '../..'))).toEqual([]);
  });
});
