import path from 'node:path';
import tseslint from 'typescript-eslint';

// A feature never imports another feature's internals. What two features share moves to
// packages/domain (rules) or shared/ / lib/ (UI, client lib, server infrastructure). On the
// server a feature may call another feature's service (`features/<f>/<f>.service.ts`), and the
// infrastructure outside features/ (lib, http, realtime, db, jobs, payments) imports no feature;
// app.ts, bootstrap.ts and context.ts compose the features.
const featureOf = (file) => /[\\/]src[\\/]features[\\/]([^\\/]+)/.exec(file)?.[1];
const isServerService = (file, feature) =>
  new RegExp(`[\\\\/]apps[\\\\/]server[\\\\/]src[\\\\/]features[\\\\/]${feature}[\\\\/]${feature}\\.service(\\.ts)?$`).test(file);
const isServerInfrastructure = (file) => /[\\/]apps[\\/]server[\\/]src[\\/](lib|http|realtime|db|jobs|payments)[\\/]/.test(file);

const featureBoundaries = {
  meta: {
    type: 'problem',
    messages: {
      crossFeature: "Feature '{{from}}' imports '{{to}}' internals; call its service, or move what they share to shared/, lib/ or packages/domain.",
      infrastructureImportsFeature: "Infrastructure imports feature '{{to}}'; pass what it needs in from app.ts or bootstrap.ts.",
    },
  },
  create(context) {
    const from = featureOf(context.filename);
    const infrastructure = !from && isServerInfrastructure(context.filename);
    if (!from && !infrastructure) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.resolve(path.dirname(context.filename), source);
      const to = featureOf(target);
      if (!to) return;
      if (infrastructure) context.report({ node, messageId: 'infrastructureImportsFeature', data: { to } });
      else if (to !== from && !isServerService(target, to)) context.report({ node, messageId: 'crossFeature', data: { from, to } });
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
