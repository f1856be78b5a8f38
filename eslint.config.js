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
);
