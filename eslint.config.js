import path from 'node:path';
import tseslint from 'typescript-eslint';

// STYLE §1: a feature never imports another feature's internals. What two features share
// moves to packages/domain (rules) or shared/ (UI, client lib, server helpers).
const featureOf = (file) => /[\\/]src[\\/]features[\\/]([^\\/]+)/.exec(file)?.[1];

const featureBoundaries = {
  meta: { type: 'problem', messages: { crossFeature: "Feature '{{from}}' imports '{{to}}' internals; move what they share to shared/ or packages/domain." } },
  create(context) {
    const from = featureOf(context.filename);
    if (!from) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = featureOf(path.resolve(path.dirname(context.filename), source));
      if (to && to !== from) context.report({ node, messageId: 'crossFeature', data: { from, to } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/drizzle/**', 'data/**', '**/test-results/**', '**/playwright-report/**'] },
  ...tseslint.configs.recommended,
  {
    plugins: { parley: { rules: { 'feature-boundaries': featureBoundaries } } },
    rules: {
      'parley/feature-boundaries': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration in config.ts (server) or config/env.ts (web).' },
      ],
    },
  },
  {
    // The places allowed to read the environment.
    files: ['apps/server/src/config.ts', 'apps/server/src/test/**', '**/*.test.ts', 'e2e/**', 'bench/**', 'scripts/**', '**/*.config.{ts,js}', '**/vitest.config.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'apps/server/src/test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
