import { readdirSync } from 'node:fs';
import path from 'node:path';
import checkFile from 'eslint-plugin-check-file';
import importPlugin from 'eslint-plugin-import';
import tseslint from 'typescript-eslint';

// Boundaries, enforced by lint rather than habit (docs/ARCHITECTURE.md, "Rules for adding a
// feature"). Each zone forbids `target` to import from `from`; scripts/lint-rules.test.ts proves
// that every kind of zone fires.
const root = import.meta.dirname;
const featuresOf = (side) =>
  readdirSync(path.join(root, 'apps', side, 'src', 'features'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/**
 * A feature reaches another feature only through its public entry: on the server the other
 * feature's service (`features/g/g.service.ts`), on the web its `api/` folder.
 */
function featureZones(side, publicEntry) {
  const features = featuresOf(side);
  const dir = `./apps/${side}/src/features`;
  return features.flatMap((from) =>
    features
      .filter((to) => to !== from)
      .map((to) => ({
        target: `${dir}/${from}`,
        from: `${dir}/${to}`,
        except: [publicEntry(to)],
        message: `A feature imports another feature only through its public entry (${side === 'server' ? 'its service' : 'its api/ folder'}).`,
      })),
  );
}

const serverInfrastructure = ['lib', 'http', 'realtime', 'db', 'jobs', 'payments'];

export const boundaryZones = [
  { target: './packages/domain', from: ['./apps', './e2e', './bench', './scripts'], message: 'The domain is pure: it imports nothing of the project.' },
  { target: './apps/web', from: './apps/server', message: 'The web app never imports the server; share through packages/domain.' },
  { target: './apps/server', from: './apps/web', message: 'The server never imports the web app; share through packages/domain.' },
  { target: './apps/web/src/shared', from: ['./apps/web/src/features', './apps/web/src/app'], message: 'shared/ is below the features: it never imports one.' },
  { target: './apps/web/src/features', from: './apps/web/src/app', message: 'Features never import the app shell; the router composes them.' },
  ...serverInfrastructure.map((dir) => ({
    target: `./apps/server/src/${dir}`,
    from: './apps/server/src/features',
    message: 'Infrastructure never imports a feature; app.ts and bootstrap.ts pass in what it needs.',
  })),
  ...featureZones('server', (to) => `./${to}.service.ts`),
  ...featureZones('web', () => './api'),
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/dist.building-*/**', '**/drizzle/**', 'data/**', '**/test-results/**', '**/playwright-report/**'] },
  ...tseslint.configs.recommended,
  {
    plugins: { import: importPlugin, 'check-file': checkFile },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
    },
    rules: {
      'import/no-restricted-paths': ['error', { basePath: root, zones: boundaryZones }],
      'check-file/filename-naming-convention': ['error', { '**/*.{ts,tsx,js,mjs}': 'KEBAB_CASE' }, { ignoreMiddleExtensions: true }],
      'check-file/folder-naming-convention': ['error', { '{apps,packages}/*/src/**/': 'KEBAB_CASE', 'e2e/**/': 'KEBAB_CASE', 'bench/**/': 'KEBAB_CASE' }],
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
    files: ['apps/server/src/config.ts', 'apps/server/src/test/**', '**/*.test.ts', 'e2e/**', 'bench/**', 'scripts/**', 'apps/server/scripts/**', '**/*.config.{ts,js}', '**/vitest.config.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'apps/server/src/test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
