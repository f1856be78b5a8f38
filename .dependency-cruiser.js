// @ts-check
/**
 * The boundaries of docs/design.md (Layout and boundaries), checked by `npm run lint`. Paths are relative to the
 * repository root. Imports through the `@/` and `~/` aliases resolve as tsconfig.json says
 * (.dependency-cruiser-aliases.js), and type-only imports count: a type still ties one room to
 * another. test/lint/boundaries.test.ts shows each rule failing on an import it forbids.
 */

/** The pages' own folders in lib/, present and to come. */
const PAGE_FOLDERS = '^lib/(popup|options|sidepanel|bulk|welcome|paste-access)/';
/** The same pages' folders in lib/, components/ and entrypoints/. */
const PAGE_FOLDERS_ANYWHERE = '^(?:lib|components|entrypoints)/(popup|options|sidepanel|bulk|welcome|paste-access)/';
/** lib/'s base folders, below every feature (the rules lib-base-*). */
const BASE_FOLDERS = '^lib/(contract|api|storage|browser|i18n)/';
/** Packages that need the extension's runtime or a page; the wire format is shared with a Node service. */
const EXTENSION_PACKAGES = '(^|/)node_modules/(wxt|preact|webextension-polyfill|@wxt-dev/[^/]+|idb-keyval|chart\\.js)/';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'server-imports-only-contract',
      comment:
        'server/ shares one thing with the extension, the wire format in lib/contract/. The rest of lib/ and ' +
        'components/ is extension code, which the service must not build on (docs/design.md, Layout and boundaries).',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^(lib|components)/', pathNot: '^lib/contract/' },
    },
    {
      name: 'contract-stands-alone',
      comment:
        'lib/contract/ is the wire format that the extension and server/ both build on: it imports nothing ' +
        'else from the repository, and no package of the extension runtime (valibot is its one tool).',
      severity: 'error',
      from: { path: '^lib/contract/' },
      to: {
        path: ['^(lib|components|entrypoints|server|scripts|test)/', EXTENSION_PACKAGES],
        pathNot: '^lib/contract/',
      },
    },
    {
      name: 'background-only-from-its-entrypoint',
      comment:
        'lib/background/ is what only the background runs: a page or component importing it would run that ' +
        'code in the wrong context. Only entrypoints/background.ts, lib/background/ itself and tests import it.',
      severity: 'error',
      from: { pathNot: '^(entrypoints/background\\.ts$|lib/background/|test/)' },
      to: { path: '^lib/background/' },
    },
    {
      name: 'background-not-into-pages',
      comment:
        "The background never imports a page's folder (lib/popup, options, sidepanel, bulk, welcome, paste-access) nor " +
        'components/: pages reach the background through messages, and it must not depend on them in return.',
      severity: 'error',
      from: { path: '^lib/background/' },
      to: { path: [PAGE_FOLDERS, '^components/'] },
    },
    {
      name: 'entrypoints-not-imported',
      comment:
        'entrypoints/ are what the browser loads, each one a thin mount, so nothing imports them. A file in ' +
        "entrypoints/<page>/ may import its own page's files and nothing else there.",
      severity: 'error',
      // $1 is the importer's page folder (entrypoints/popup) when it is in one; otherwise its top-level
      // folder or file (lib, entrypoints/background.ts), which no path under entrypoints/ starts with.
      from: { path: '^((?:entrypoints/)?[^/]+)' },
      to: { path: '^entrypoints/', pathNot: '^$1/' },
    },
    {
      name: 'pages-not-into-pages',
      comment:
        "A page's folders (lib/<page>/, components/<page>/, entrypoints/<page>/) never import another page's: " +
        'what two pages share lives in a feature folder (lib/tags/, components/shared/, …), so changing one page ' +
        'never breaks another. The welcome page is the one exception, in the next rule.',
      severity: 'error',
      from: { path: '^(?:lib|components|entrypoints)/(popup|options|sidepanel|bulk|paste-access)/' },
      to: { path: PAGE_FOLDERS_ANYWHERE, pathNot: '^(?:lib|components|entrypoints)/$1/' },
    },
    {
      name: 'welcome-builds-on-options-only',
      comment:
        "The welcome page is the options page's connection section on a page of its own for the first run: it " +
        "builds on the options page's profile form and styles, and on no other page; no page imports it.",
      severity: 'error',
      from: { path: '^(?:lib|components|entrypoints)/welcome/' },
      to: { path: '^(?:lib|components|entrypoints)/(popup|sidepanel|bulk)/' },
    },
    {
      name: 'lib-base-imports-no-feature',
      comment:
        "lib/'s base folders (contract, api, storage, browser, i18n) are what every feature builds on: they import " +
        'no feature folder, so no feature can sit in a loop with them (a feature\'s wording lives in its own folder ' +
        'and imports i18n, never the other way).',
      severity: 'error',
      from: { path: BASE_FOLDERS, pathNot: '^lib/contract/' },
      to: { path: '^lib/', pathNot: BASE_FOLDERS },
    },
    {
      name: 'lib-base-layers',
      comment:
        'The base folders in one order, contract < api < storage < browser < i18n: each imports only those before it ' +
        '(contract, nothing of lib/: contract-stands-alone).',
      severity: 'error',
      from: { path: '^lib/api/' },
      to: { path: '^lib/(storage|browser|i18n)/' },
    },
    {
      name: 'lib-base-layers',
      severity: 'error',
      from: { path: '^lib/storage/' },
      to: { path: '^lib/(browser|i18n)/' },
    },
    {
      name: 'lib-base-layers',
      severity: 'error',
      from: { path: '^lib/browser/' },
      to: { path: '^lib/i18n/' },
    },
    {
      name: 'no-circular',
      comment:
        'Modules in a cycle are one module in effect: none can be read, tested or moved alone, and their load ' +
        'order starts to matter.',
      severity: 'error',
      from: { path: '^(entrypoints|components|lib|server|scripts)/' },
      to: { circular: true },
    },
    {
      name: 'lib-no-ui',
      comment:
        'lib/ is the logic, unit-tested without a browser: no Preact and no components (docs/design.md, Layout and boundaries). ' +
        'Components import lib/, never the reverse.',
      severity: 'error',
      from: { path: '^lib/' },
      to: { path: ['^components/', '(^|/)node_modules/preact/'] },
    },
    {
      name: 'cleaning-not-in-popup',
      comment:
        "Cleaning runs in the background (issue 25): tidy-url's rules are ~40 KB, and the popup's first load " +
        'has a 20 KB budget. The popup asks the background; it never imports the cleaner, the link plan or tidy-url.',
      severity: 'error',
      from: { path: '^(entrypoints/popup/|components/popup/|lib/popup/)' },
      to: { path: ['^lib/clean/clean-url\\.ts$', '^lib/site-rules/link-plan\\.ts$', '(^|/)node_modules/tidy-url/'] },
    },
    {
      name: 'imports-resolve',
      comment:
        'An import that resolves to no file escapes every rule above: a misread alias would switch them all ' +
        'off without a word.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: '(^|/)node_modules/' },
    exclude: { path: '^(\\.output|\\.wxt|\\.data|\\.tmp|coverage|dist|test-results)/' },
    // TypeScript's own parser, which sees `import type` and type-only re-exports.
    tsPreCompilationDeps: true,
    webpackConfig: { fileName: '.dependency-cruiser-aliases.js' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
  },
};
