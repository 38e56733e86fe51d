import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// Each boundary of eslint.config.js, proved on a fixture: the import it forbids is reported,
// and the import it allows is not. The fixtures are linted as if they stood at `filePath`.
const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

async function problems(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result!.messages.filter((m) => m.ruleId?.startsWith('import/') || m.ruleId?.startsWith('check-file/')).map((m) => m.ruleId);
}

const importing = (specifier: string) => `import * as x from '${specifier}';\nexport const y = x;\n`;

describe('boundaries', () => {
  it('the domain imports nothing of the project', async () => {
    expect(await problems('packages/domain/src/fixture.ts', importing('../../../apps/server/src/lib/pg-errors'))).toEqual(['import/no-restricted-paths']);
    expect(await problems('packages/domain/src/fixture.ts', importing('./money'))).toEqual([]);
  });

  it('the web app never imports the server, nor the server the web app', async () => {
    expect(await problems('apps/web/src/features/wallet/fixture.ts', importing('../../../../server/src/lib/pg-errors'))).toEqual(['import/no-restricted-paths']);
    expect(await problems('apps/server/src/lib/fixture.ts', importing('../../../web/src/shared/api/get-wallet'))).toEqual(['import/no-restricted-paths']);
  });

  it('web shared/ never imports a feature or the app', async () => {
    expect(await problems('apps/web/src/shared/lib/fixture.ts', importing('../../features/wallet/api/get-wallet-history'))).toEqual(['import/no-restricted-paths']);
    expect(await problems('apps/web/src/shared/lib/fixture.ts', importing('../../app/router'))).toEqual(['import/no-restricted-paths']);
    expect(await problems('apps/web/src/shared/lib/fixture.ts', importing('../api/get-wallet'))).toEqual([]);
  });

  it('server infrastructure never imports a feature', async () => {
    expect(await problems('apps/server/src/lib/fixture.ts', importing('../features/wallet/wallet.service'))).toEqual(['import/no-restricted-paths']);
    expect(await problems('apps/server/src/http/fixture.ts', importing('../features/wallet/wallet.repository'))).toEqual(['import/no-restricted-paths']);
  });

  it('a server feature reaches another only through its service', async () => {
    expect(await problems('apps/server/src/features/kids/fixture.ts', importing('../wallet/wallet.repository'))).toEqual(['import/no-restricted-paths']);
    expect(await problems('apps/server/src/features/kids/fixture.ts', importing('../wallet/wallet.service'))).toEqual([]);
  });

  it('a web feature reaches another only through its api/ folder', async () => {
    expect(await problems('apps/web/src/features/kids/fixture.ts', importing('../wallet/components/wallet-page'))).toEqual(['import/no-restricted-paths']);
    expect(await problems('apps/web/src/features/kids/fixture.ts', importing('../wallet/api/get-wallet-history'))).toEqual([]);
  });
});

describe('file names', () => {
  it('are kebab-case, with role suffixes allowed', async () => {
    expect(await problems('apps/server/src/features/wallet/walletService.ts', 'export const a = 1;\n')).toEqual(['check-file/filename-naming-convention']);
    expect(await problems('apps/server/src/features/wallet/wallet.routes.ts', 'export const a = 1;\n')).toEqual([]);
    expect(await problems('apps/web/src/features/MyFeature/page.tsx', 'export const a = 1;\n')).toEqual(['check-file/folder-naming-convention']);
  });
});
