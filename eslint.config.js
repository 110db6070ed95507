import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import tseslint from 'typescript-eslint';

// Web layering (docs/decisions/019-web-feature-boundaries.md): a feature never imports another
// feature (routes in src/app compose them); src/components, src/lib and src/i18n import no
// feature and no route.
const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const otherFeature = (feature) => ({
  regex: `^(@/features/(?!${feature}(/|$))|\\.\\./\\.\\./|\\.\\./(${webFeatures.filter((f) => f !== feature).join('|')})(/|$))`,
  message:
    'Features do not import each other: compose them in a route (src/app/routes) or move what they share to src/components or src/lib.',
});
const appLayer = {
  regex: '^@/app(/|$)',
  message: 'Only tests import the app layer (routes, providers).',
};
const webBoundaries = webFeatures.flatMap((feature) => [
  {
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: { 'no-restricted-imports': ['error', { patterns: [otherFeature(feature)] }] },
  },
  {
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [otherFeature(feature), appLayer] }] },
  },
]);

// a forgotten .only shrinks a run to one test (Vitest and Playwright refuse it too)
const NO_ONLY = {
  selector:
    "MemberExpression[property.name='only']:matches([object.name=/^(describe|it|test|suite)$/], [object.property.name=/^(describe|concurrent|sequential|serial|parallel)$/])",
  message: 'No .only: it leaves the other tests out of the run.',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      'artifacts/**',
      'test-results/**',
      'playwright-report/**',
      'apps/api/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read configuration through apps/api/src/config.ts only.',
        },
      ],
      'no-restricted-syntax': ['error', NO_ONLY],
    },
  },
  {
    // the API's test files share their worker's modules (vitest.config.ts: isolate false)
    files: ['apps/api/**/*.test.ts', 'apps/api/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        NO_ONLY,
        {
          selector:
            "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock|stubGlobal|stubEnv|resetModules)$/]",
          message:
            'The API test files share modules (isolate: false): no module mocks or stubbed globals; inject through the test context instead.',
        },
      ],
    },
  },
  {
    files: [
      'apps/api/src/config.ts',
      'apps/api/test/**',
      'apps/api/scripts/**',
      'apps/api/drizzle.config.ts',
      'apps/web/e2e/**',
      'apps/web/playwright.config.ts',
      'apps/web/vite.config.ts',
      'scripts/**',
      'bench/**',
      'faults/**',
      '**/vitest.config.ts',
      'vitest.config.ts',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-refresh/only-export-components': ['warn', { allowConstantExport: true }],
    },
  },
  ...webBoundaries,
  {
    files: ['apps/web/src/{components,lib,i18n}/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^@/(features|app)(/|$)',
              message:
                'Shared code (src/components, src/lib, src/i18n) imports no feature and no route.',
            },
          ],
        },
      ],
    },
  },
);
