// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import nounsanitized from 'eslint-plugin-no-unsanitized';
import globals from 'globals';
import i18next from 'eslint-plugin-i18next';

export default tseslint.config(
  { ignores: ['.output/', '.wxt/', 'node_modules/', '.data/', '.tmp/', 'coverage/', 'dist/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // Mozilla's rules: no unsanitized DOM sinks anywhere, extension or server.
  nounsanitized.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      'no-eval': 'error',
      'no-implied-eval': 'error',
      'no-new-func': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // Every word a user sees comes from public/_locales (docs/design.md, UI
  // standards): no literal text in the pages' markup, nor in the attributes
  // a user or a screen reader meets. Codes from lib/ are worded in lib/*-text.ts.
  {
    files: ['entrypoints/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': { include: ['aria-label', 'aria-description', 'aria-placeholder', 'aria-roledescription', 'aria-valuetext', 'title', 'placeholder', 'alt', 'label'] },
          message: 'Text users see comes from public/_locales/en/messages.json: use t(key)',
        },
      ],
    },
  },
  // Files stay small enough to read in one sitting; a longer one is split along its seams
  // (docs/architecture.md). Entry apps only compose: a page's parts live in components/ and lib/.
  {
    files: ['lib/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}', 'server/**/*.ts', 'scripts/**/*.{ts,mjs}', 'entrypoints/**/*.{ts,tsx}'],
    rules: { 'max-lines': ['error', { max: 300 }] },
  },
  {
    files: ['entrypoints/*/app.tsx'],
    rules: { 'max-lines': ['error', { max: 150 }] },
  },
  // Every context-menu item is declared in lib/background/menus/menu-items.ts and every click comes to the one
  // listener in lib/background/menus/context-menu.ts.
  {
    files: ['lib/**/*.ts', 'entrypoints/**/*.ts'],
    ignores: ['lib/background/menus/context-menu.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='addListener'][callee.object.property.name='onClicked'][callee.object.object.property.name=/^(contextMenus|menus)$/]",
          message: 'Context-menu clicks have one listener, in lib/background/menus/context-menu.ts: route the item there.',
        },
      ],
    },
  },
);
