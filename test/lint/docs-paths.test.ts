/**
 * The repository stands on its own and its map stays true: every repository path that
 * docs/architecture.md and docs/design.md cite in backticks exists, and no tracked file points
 * at a document outside the repository (a relative path up to a `shared` folder beyond it, or
 * the design notes it grew from); the product's own are docs/design.md and docs/interface.md.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RELEASED_MIGRATIONS } from '../../server/db/released-migrations';

const ROOT = resolve(import.meta.dirname, '../..');

/** The folders whose paths the docs cite as the repository's own. */
const PATH_IN_REPO = /^(?:lib|components|entrypoints|server|test|scripts|docs)\/[\w.\-/]*$/;

/** Paths cited in inline backticks, outside fenced blocks; spans with placeholders (`lib/<page>/`) are not paths. */
function citedPaths(markdown: string): string[] {
  const prose = markdown.replace(/^```[^\n]*\n[\s\S]*?^```[^\n]*$/gm, '');
  const found = new Set<string>();
  for (const [, span] of prose.matchAll(/`([^`\n]+)`/g)) {
    const text = span!.trim();
    if (PATH_IN_REPO.test(text)) found.add(text);
  }
  return [...found];
}

/**
 * Every full repository path written anywhere in the text, fenced trees and diagrams included
 * (`server/routes`, lib/popup/early-start.ts), without a sentence's closing full stop; patterns
 * and placeholders (lazy-*.tsx, lib/<page>/) are left out.
 */
function writtenPaths(markdown: string): string[] {
  const found = new Set<string>();
  for (const [path] of markdown.matchAll(/(?<![\w./<>-])(?:lib|components|entrypoints|server|test|scripts|docs)\/[\w./-]*(?![\w./*<{-])/g)) {
    found.add(path.replace(/\.+$/, ''));
  }
  return [...found];
}

/** Whether a cited path is there: a folder when it ends with a slash, else a file or folder. */
function exists(path: string): boolean {
  const full = join(ROOT, path);
  if (!existsSync(full)) return false;
  return !path.endsWith('/') || statSync(full).isDirectory();
}

/** Module specifiers resolve without their extension: components/popup/'s import of the shared button is a file of the repository. */
const RESOLVED_ENDINGS = ['', '.ts', '.tsx', '.js', '.mjs', '.css', '/index.ts'];

/**
 * The relative mentions of a `shared` folder in one file that lead nowhere in the repository:
 * outside it, or to no file. From components/popup/, the shared button is
 * components/shared/button.tsx, and fine.
 */
function outsideShared(file: string, text: string, isFile: (path: string) => boolean): string[] {
  const bad: string[] = [];
  for (const [mention] of text.matchAll(/(?:\.\.\/)+shared(?:\/[\w.-]+)*\/?/g)) {
    const target = relative(ROOT, resolve(ROOT, dirname(file), mention));
    const inside = target !== '' && !target.startsWith('..') && !target.startsWith(sep);
    if (!inside || !RESOLVED_ENDINGS.some((ending) => isFile(target.replace(/\/$/, '') + ending))) bad.push(mention);
  }
  return bad;
}

/**
 * Names of the design notes the repository was built from, which a clone does not hold. A bare
 * interface file named without its docs/ folder means that one too: the product's is cited as docs/interface.md.
 */
function outsideDocuments(file: string, text: string): string[] {
  const bad = [...text.matchAll(/\b(?:DESIGN|STYLE|TOOLCHAIN)\.md\b/g)].map(([m]) => m);
  if (!file.startsWith('docs/')) bad.push(...[...text.matchAll(/(?<![\w/.-])interface\.md\b/g)].map(([m]) => m));
  return bad;
}

/** Released migrations are never edited (their sha256 is checked at start), whatever their comments say. */
const RELEASED = new Set(
  Object.entries(RELEASED_MIGRATIONS).flatMap(([dialect, files]) => Object.keys(files).map((name) => `server/db/migrations-${dialect}/${name}`)),
);

function trackedTextFiles(): { file: string; text: string }[] {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter((f) => f !== '');
  const out: { file: string; text: string }[] = [];
  for (const file of files) {
    const full = join(ROOT, file);
    if (!existsSync(full)) continue; // deleted in the work tree, not yet committed
    const bytes = readFileSync(full);
    if (bytes.includes(0)) continue; // images and other binary files
    out.push({ file, text: bytes.toString('utf8') });
  }
  return out;
}

const isRepoFile = (path: string) => existsSync(join(ROOT, path)) && statSync(join(ROOT, path)).isFile();

describe('the paths the docs cite', () => {
  it('finds paths in backticks (not in fenced blocks), and written paths anywhere, never placeholders', () => {
    const sample = [
      'See `lib/queue/join.ts` and `docs/nowhere.md`, run `npm run lint`, a page in `lib/<page>/`.',
      '```',
      '`lib/fenced.ts`',
      '```',
      'And `server/db/` beside `reach(conn)`.',
    ].join('\n');
    expect(citedPaths(sample).sort()).toEqual(['docs/nowhere.md', 'lib/queue/join.ts', 'server/db/']);
    expect(citedPaths(sample).filter((p) => !exists(p))).toEqual(['docs/nowhere.md']);
    expect(writtenPaths(sample).sort()).toEqual(['docs/nowhere.md', 'lib/fenced.ts', 'lib/queue/join.ts', 'server/db/']);
    expect(writtenPaths('the tree: lib/popup/early-start.ts. Then components/popup/lazy-*.tsx.')).toEqual(['lib/popup/early-start.ts']);
  });

  for (const doc of ['docs/architecture.md', 'docs/design.md']) {
    it(`${doc}: every cited path exists`, () => {
      const cited = citedPaths(readFileSync(join(ROOT, doc), 'utf8'));
      expect(cited.length).toBeGreaterThan(10);
      expect(cited.filter((path) => !exists(path))).toEqual([]);
    });

    it(`${doc}: every full path written in it, trees included, exists`, () => {
      const written = writtenPaths(readFileSync(join(ROOT, doc), 'utf8'));
      expect(written.length).toBeGreaterThan(10);
      expect(written.filter((path) => !exists(path))).toEqual([]);
    });
  }
});

describe('nothing points outside the repository', () => {
  // The samples are spelt in pieces, so this file is not itself a mention of what it forbids.
  const design = ['DESIGN', 'md'].join('.');
  const shared = ['..', 'shared'].join('/');
  const iface = ['interface', 'md'].join('.');

  it('tells an import of components/shared/ from a citation beyond the repository', () => {
    const text = `import { Button } from '${shared}/button';\n// rules: ${shared}/${design}, ../${shared}/`;
    expect(outsideShared('components/popup/url-form.tsx', text, isRepoFile)).toEqual([`${shared}/${design}`, `../${shared}/`]);
    expect(outsideShared('README.md', `The interface is \`${shared}/interface.md\`.`, isRepoFile)).toEqual([`${shared}/interface.md`]);
    expect(outsideDocuments('lib/x.ts', `(${design}, Security) and ${iface}, not docs/${iface}`)).toEqual([design, iface]);
    expect(outsideDocuments('docs/service.md', `see [the interface](${iface})`)).toEqual([]);
  });

  it('no tracked file mentions a shared folder beyond the repository, nor the design notes outside it', () => {
    const files = trackedTextFiles();
    expect(files.length).toBeGreaterThan(100);
    const bad: string[] = [];
    for (const { file, text } of files) {
      for (const mention of outsideShared(file, text, isRepoFile)) bad.push(`${file}: ${mention}`);
      if (!RELEASED.has(file)) for (const mention of outsideDocuments(file, text)) bad.push(`${file}: ${mention}`);
    }
    expect(bad).toEqual([]);
  });
});
