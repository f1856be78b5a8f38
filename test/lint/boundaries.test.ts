/**
 * The boundary rules of .dependency-cruiser.js (docs/design.md, Layout and boundaries), loaded from that file as
 * `npm run lint` loads them. Each rule is shown failing on an import it forbids, and passing an
 * import it allows, in a small tree written to a temporary folder at the paths the rule speaks
 * of; then the rules run over the repository itself.
 */
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cruise, type ICruiseOptions, type IResolveOptions, type IViolation } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractWebpackResolveConfig from 'dependency-cruiser/config-utl/extract-webpack-resolve-config';

const ROOT = resolve(import.meta.dirname, '../..');

let options: ICruiseOptions;
/** tsconfig.json's aliases, alias -> absolute folder, as the lint resolves them in this repository. */
let aliases: Record<string, string>;
const trees: string[] = [];

beforeAll(async () => {
  options = await extractDepcruiseOptions(join(ROOT, '.dependency-cruiser.js'));
  const aliasFile = options.webpackConfig?.fileName;
  if (aliasFile === undefined) throw new Error('.dependency-cruiser.js names no alias file (webpackConfig)');
  const { alias } = await extractWebpackResolveConfig(join(ROOT, aliasFile));
  if (alias === undefined || Array.isArray(alias)) throw new Error(`${aliasFile} gives no alias object`);
  aliases = {};
  for (const [name, folder] of Object.entries(alias)) {
    if (typeof folder !== 'string') throw new Error(`${aliasFile}: alias ${name} is not one folder`);
    aliases[name] = folder;
  }
  expect(Object.keys(aliases)).toEqual(expect.arrayContaining(['@', '~']));
  // Loading TypeScript to read tsconfig.json can outlast the default hook timeout on a busy machine.
}, 60_000);

afterAll(async () => {
  await Promise.all(trees.map((tree) => rm(tree, { recursive: true, force: true })));
});

/** One line per violation: the rule, the importer, and what it imports (or the whole cycle). */
function lines(violations: IViolation[]): string[] {
  return violations
    .map(({ rule, from, to, cycle }) => {
      const path = [from, ...(cycle === undefined ? [to] : cycle.map((step) => step.name))];
      return `${rule.name}: ${path.join(' -> ')}`;
    })
    .sort();
}

/** Runs the lint's rules over the tree at `root`, whose aliases point at `aliasesThere`. */
async function cruiseTree(root: string, aliasesThere: Record<string, string>): Promise<string[]> {
  const resolveOptions: Partial<IResolveOptions> = { alias: aliasesThere };
  const { output } = await cruise(['.'], { ...options, baseDir: root }, resolveOptions, {});
  if (typeof output === 'string') throw new Error('expected the cruise result, not a report');
  return lines(output.summary.violations);
}

/**
 * Writes `files` (path -> source) into a fresh folder with the real node_modules beside them, and
 * returns the violations found there, the aliases pointing at that folder as they do at the root here.
 */
async function violationsIn(files: Record<string, string>): Promise<string[]> {
  const root = await mkdtemp(join(tmpdir(), 'boundaries-'));
  trees.push(root);
  await symlink(join(ROOT, 'node_modules'), join(root, 'node_modules'), 'dir');
  for (const [path, source] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), source);
  }
  const aliasesThere = Object.fromEntries(Object.entries(aliases).map(([name, folder]) => [name, join(root, relative(ROOT, folder))]));
  return cruiseTree(root, aliasesThere);
}

const MODULE = 'export const x = 1;\n';
const COMPONENT = 'export function View() { return <p />; }\n';

describe('server-imports-only-contract', () => {
  it('fails on server/ importing lib/ outside lib/contract/', async () => {
    const found = await violationsIn({
      'server/a.ts': "import { x } from '../lib/storage/x';\nexport const a = x;\n",
      'lib/storage/x.ts': MODULE,
    });
    expect(found).toEqual(['server-imports-only-contract: server/a.ts -> lib/storage/x.ts']);
  });

  it('fails on server/ importing a component', async () => {
    const found = await violationsIn({
      'server/a.ts': "export { View } from '../components/shared/view';\n",
      'components/shared/view.tsx': COMPONENT,
    });
    expect(found).toEqual(['server-imports-only-contract: server/a.ts -> components/shared/view.tsx']);
  });

  it('allows server/ importing lib/contract/', async () => {
    const found = await violationsIn({
      'server/a.ts': "import { x } from '../lib/contract/y';\nexport const a = x;\n",
      'lib/contract/y.ts': MODULE,
    });
    expect(found).toEqual([]);
  });
});

describe('contract-stands-alone', () => {
  it('fails on lib/contract/ importing the rest of lib/', async () => {
    const found = await violationsIn({
      'lib/contract/a.ts': "import { x } from '../storage/x';\nexport const a = x;\n",
      'lib/storage/x.ts': MODULE,
    });
    expect(found).toEqual(['contract-stands-alone: lib/contract/a.ts -> lib/storage/x.ts']);
  });

  it('fails on lib/contract/ importing a package of the extension runtime', async () => {
    const found = await violationsIn({ 'lib/contract/a.ts': "import { get } from 'idb-keyval';\nexport const a = get;\n" });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^contract-stands-alone: lib\/contract\/a\.ts -> .*node_modules\/idb-keyval\//);
  });

  it('allows lib/contract/ importing lib/contract/ and valibot', async () => {
    const found = await violationsIn({
      'lib/contract/a.ts': "import * as v from 'valibot';\nimport { x } from './schemas/y';\nexport const a = v.literal(x);\n",
      'lib/contract/schemas/y.ts': MODULE,
    });
    expect(found).toEqual([]);
  });
});

describe('pages-not-into-pages', () => {
  it('fails on one page\'s logic importing another\'s', async () => {
    const found = await violationsIn({
      'lib/bulk/a.ts': "import { x } from '../popup/tag-choice';\nexport const a = x;\n",
      'lib/popup/tag-choice.ts': MODULE,
    });
    expect(found).toEqual(['pages-not-into-pages: lib/bulk/a.ts -> lib/popup/tag-choice.ts']);
  });

  it("fails on a page's component importing another page's component", async () => {
    const found = await violationsIn({
      'components/sidepanel/a.tsx': "import { x } from '../options/b';\nexport function A() { return <p>{x}</p>; }\n",
      'components/options/b.tsx': MODULE,
    });
    expect(found).toEqual(['pages-not-into-pages: components/sidepanel/a.tsx -> components/options/b.tsx']);
  });

  it('allows a page its own folders and a feature folder', async () => {
    const found = await violationsIn({
      'lib/bulk/a.ts': "import { x } from '../tags/tag-choice';\nimport { y } from './b';\nexport const a = x + y;\n",
      'lib/bulk/b.ts': MODULE.replace('x', 'y'),
      'lib/tags/tag-choice.ts': MODULE,
    });
    expect(found).toEqual([]);
  });
});

describe('welcome-builds-on-options-only', () => {
  it('fails on the welcome page importing the popup', async () => {
    const found = await violationsIn({
      'lib/welcome/a.ts': "import { x } from '../popup/b';\nexport const a = x;\n",
      'lib/popup/b.ts': MODULE,
    });
    expect(found).toEqual(['welcome-builds-on-options-only: lib/welcome/a.ts -> lib/popup/b.ts']);
  });

  it('fails on the options page importing the welcome page', async () => {
    const found = await violationsIn({
      'lib/options/a.ts': "import { x } from '../welcome/b';\nexport const a = x;\n",
      'lib/welcome/b.ts': MODULE,
    });
    expect(found).toEqual(['pages-not-into-pages: lib/options/a.ts -> lib/welcome/b.ts']);
  });

  it("allows the welcome page the options page's profile form", async () => {
    const found = await violationsIn({
      'entrypoints/welcome/app.tsx': "import { x } from '../../lib/options/welcome';\nexport function A() { return <p>{x}</p>; }\n",
      'lib/options/welcome.ts': MODULE,
    });
    expect(found).toEqual([]);
  });
});

describe('cleaning-not-in-popup', () => {
  it('fails on a popup component importing the cleaner', async () => {
    const found = await violationsIn({
      'components/popup/a.tsx': "import { x } from '../../lib/clean/clean-url';\nexport function A() { return <p>{x}</p>; }\n",
      'lib/clean/clean-url.ts': MODULE,
    });
    expect(found).toEqual(['cleaning-not-in-popup: components/popup/a.tsx -> lib/clean/clean-url.ts']);
  });

  it('allows the popup the query-pair helper beside it', async () => {
    const found = await violationsIn({
      'lib/popup/a.ts': "import { x } from '../clean/query-pairs';\nexport const a = x;\n",
      'lib/clean/query-pairs.ts': MODULE,
    });
    expect(found).toEqual([]);
  });
});

describe('background-only-from-its-entrypoint', () => {
  it('fails on a component importing lib/background/ through the @/ alias', async () => {
    const found = await violationsIn({
      'components/popup/a.tsx': "import { x } from '@/lib/background/x';\nexport function A() { return <p>{x}</p>; }\n",
      'lib/background/x.ts': MODULE,
    });
    expect(found).toEqual(['background-only-from-its-entrypoint: components/popup/a.tsx -> lib/background/x.ts']);
  });

  it('counts a type-only import', async () => {
    const found = await violationsIn({
      'lib/popup/a.ts': "import type { X } from '../background/x';\nexport const a: X = 1;\n",
      'lib/background/x.ts': 'export type X = number;\n',
    });
    expect(found).toEqual(['background-only-from-its-entrypoint: lib/popup/a.ts -> lib/background/x.ts']);
  });

  it('fails on the offscreen document importing lib/background/', async () => {
    const found = await violationsIn({
      'entrypoints/offscreen/main.ts': "import '~/lib/background/clipboard';\n",
      'lib/background/clipboard.ts': MODULE,
    });
    expect(found).toEqual(['background-only-from-its-entrypoint: entrypoints/offscreen/main.ts -> lib/background/clipboard.ts']);
  });

  it('allows entrypoints/background.ts, lib/background/ itself and tests', async () => {
    const found = await violationsIn({
      'entrypoints/background.ts': "import { a } from '@/lib/background/a';\nexport default a;\n",
      'lib/background/a.ts': "import { x } from './x';\nexport const a = x;\n",
      'lib/background/x.ts': MODULE,
      'test/unit/background/x.test.ts': "import { x } from '../../../lib/background/x';\nexport const t = x;\n",
    });
    expect(found).toEqual([]);
  });
});

describe('background-not-into-pages', () => {
  it.each(['popup', 'options', 'sidepanel', 'bulk', 'welcome', 'paste-access'])('fails on lib/background/ importing lib/%s/', async (page) => {
    const found = await violationsIn({
      'lib/background/a.ts': `import { x } from '../${page}/x';\nexport const a = x;\n`,
      [`lib/${page}/x.ts`]: MODULE,
    });
    expect(found).toEqual([`background-not-into-pages: lib/background/a.ts -> lib/${page}/x.ts`]);
  });

  it('fails on lib/background/ importing a component (as lib-no-ui does for all of lib/)', async () => {
    const found = await violationsIn({
      'lib/background/a.ts': "export { View } from '~/components/shared/view';\n",
      'components/shared/view.tsx': COMPONENT,
    });
    expect(found).toEqual([
      'background-not-into-pages: lib/background/a.ts -> components/shared/view.tsx',
      'lib-no-ui: lib/background/a.ts -> components/shared/view.tsx',
    ]);
  });

  it('allows lib/background/ importing the shared parts of lib/', async () => {
    const found = await violationsIn({
      'lib/background/a.ts': "import { x } from '../storage/x';\nimport { y } from '@/lib/messaging/y';\nexport const a = x + y;\n",
      'lib/storage/x.ts': MODULE,
      'lib/messaging/y.ts': 'export const y = 2;\n',
    });
    expect(found).toEqual([]);
  });
});

describe('entrypoints-not-imported', () => {
  const APP = 'export function App() { return <p />; }\n';

  it('fails on lib/ importing an entrypoint', async () => {
    const found = await violationsIn({
      'lib/popup/a.ts': "export { App } from '../../entrypoints/popup/app';\n",
      'entrypoints/popup/app.tsx': APP,
    });
    expect(found).toEqual(['entrypoints-not-imported: lib/popup/a.ts -> entrypoints/popup/app.tsx']);
  });

  it("fails on one page importing another page's files", async () => {
    const found = await violationsIn({
      'entrypoints/switch/main.tsx': "import { App } from '../popup/app';\nexport const main = App;\n",
      'entrypoints/popup/app.tsx': APP,
    });
    expect(found).toEqual(['entrypoints-not-imported: entrypoints/switch/main.tsx -> entrypoints/popup/app.tsx']);
  });

  it('fails on entrypoints/background.ts importing a page', async () => {
    const found = await violationsIn({
      'entrypoints/background.ts': "import { x } from './popup/x';\nexport default x;\n",
      'entrypoints/popup/x.ts': MODULE,
    });
    expect(found).toEqual(['entrypoints-not-imported: entrypoints/background.ts -> entrypoints/popup/x.ts']);
  });

  it("allows a page's main.tsx importing its own app.tsx", async () => {
    const found = await violationsIn({
      'entrypoints/popup/main.tsx': "import { App } from './app';\nexport const main = App;\n",
      'entrypoints/popup/app.tsx': APP,
    });
    expect(found).toEqual([]);
  });
});

describe('lib-base-imports-no-feature', () => {
  it("fails on the error describer importing a feature's codes", async () => {
    const found = await violationsIn({
      'lib/i18n/describe.ts': "import { x } from '../conversions/codes';\nexport const a = x;\n",
      'lib/conversions/codes.ts': MODULE,
    });
    expect(found).toEqual(['lib-base-imports-no-feature: lib/i18n/describe.ts -> lib/conversions/codes.ts']);
  });

  it("fails on storage importing the messages' types", async () => {
    const found = await violationsIn({
      'lib/storage/view.ts': "import type { X } from '../messaging/send-message';\nexport const a: X = 1;\n",
      'lib/messaging/send-message.ts': 'export type X = number;\n',
    });
    expect(found).toEqual(['lib-base-imports-no-feature: lib/storage/view.ts -> lib/messaging/send-message.ts']);
  });

  it('allows a feature its wording through i18n, and a base a base', async () => {
    const found = await violationsIn({
      'lib/tags/tags-text.ts': "import { x } from '../i18n/catalogue';\nexport const a = x;\n",
      'lib/i18n/catalogue.ts': "import { y } from '../browser/native-api';\nexport const x = y;\n",
      'lib/browser/native-api.ts': MODULE.replace('x', 'y'),
    });
    expect(found).toEqual([]);
  });
});

describe('lib-base-layers', () => {
  it('fails on a lower base importing a higher one (storage -> browser, api -> storage, browser -> i18n)', async () => {
    const found = await violationsIn({
      'lib/storage/a.ts': "import { x } from '../browser/b';\nexport const a = x;\n",
      'lib/browser/b.ts': MODULE,
      'lib/api/c.ts': "import { x } from '../storage/d';\nexport const c = x;\n",
      'lib/storage/d.ts': MODULE,
      'lib/browser/e.ts': "import { x } from '../i18n/f';\nexport const e = x;\n",
      'lib/i18n/f.ts': MODULE,
    });
    expect(found.sort()).toEqual([
      'lib-base-layers: lib/api/c.ts -> lib/storage/d.ts',
      'lib-base-layers: lib/browser/e.ts -> lib/i18n/f.ts',
      'lib-base-layers: lib/storage/a.ts -> lib/browser/b.ts',
    ]);
  });
});

describe('no-circular', () => {
  it('fails on two modules importing each other', async () => {
    const found = await violationsIn({
      'server/a.ts': "import { b } from './b';\nexport const a = () => b;\n",
      'server/b.ts': "import { a } from './a';\nexport const b = () => a;\n",
    });
    expect(found).toEqual(['no-circular: server/a.ts -> server/b.ts -> server/a.ts']);
  });

  it('fails on a cycle closed by a type-only import', async () => {
    const found = await violationsIn({
      'lib/queue/a.ts': "import { b } from './b';\nexport type A = number;\nexport const a = b;\n",
      'lib/queue/b.ts': "import type { A } from './a';\nexport const b: A = 1;\n",
    });
    expect(found).toEqual(['no-circular: lib/queue/a.ts -> lib/queue/b.ts -> lib/queue/a.ts']);
  });

  it('allows a chain that does not close', async () => {
    const found = await violationsIn({
      'lib/queue/a.ts': "import { b } from './b';\nexport const a = b;\n",
      'lib/queue/b.ts': "import { c } from './c';\nexport const b = c;\n",
      'lib/queue/c.ts': 'export const c = 1;\n',
    });
    expect(found).toEqual([]);
  });
});

describe('lib-no-ui', () => {
  it('fails on lib/ importing Preact', async () => {
    const found = await violationsIn({ 'lib/popup/a.ts': "import { useState } from 'preact/hooks';\nexport const a = useState;\n" });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^lib-no-ui: lib\/popup\/a\.ts -> .*node_modules\/preact\//);
  });

  it('fails on lib/ importing a component', async () => {
    const found = await violationsIn({
      'lib/options/a.ts': "export { View } from '../../components/shared/view';\n",
      'components/shared/view.tsx': COMPONENT,
    });
    expect(found).toEqual(['lib-no-ui: lib/options/a.ts -> components/shared/view.tsx']);
  });

  it('allows a component importing Preact and lib/', async () => {
    const found = await violationsIn({
      'components/popup/a.tsx':
        "import { useState } from 'preact/hooks';\nimport { x } from '@/lib/popup/x';\nexport function A() { return <p>{useState(x)[0]}</p>; }\n",
      'lib/popup/x.ts': MODULE,
    });
    expect(found).toEqual([]);
  });
});

describe('imports-resolve', () => {
  it('fails on an import that resolves to no file', async () => {
    const found = await violationsIn({ 'lib/popup/a.ts': "import { x } from '@/lib/popup/missing';\nexport const a = x;\n" });
    expect(found).toEqual(['imports-resolve: lib/popup/a.ts -> @/lib/popup/missing']);
  });

  it('allows imports through @/ and ~/ of .ts and .tsx files', async () => {
    const found = await violationsIn({
      'components/popup/a.tsx':
        "import { View } from '@/components/shared/view';\nimport { x } from '~/lib/popup/x';\nexport function A() { return <View key={x} />; }\n",
      'components/shared/view.tsx': COMPONENT,
      'lib/popup/x.ts': MODULE,
    });
    expect(found).toEqual([]);
  });
});

// Fails while the service's three import cycles remain (another line of work removes them), and while
// lib/background/links/recent-links.ts takes a type from lib/popup/recent-list.ts. The whole tree costs a few
// seconds of CPU; the timeout leaves room for a busy machine.
it('the repository keeps every boundary', async () => {
  expect(await cruiseTree(ROOT, aliases)).toEqual([]);
}, 120_000);
