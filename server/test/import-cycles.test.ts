// No import cycle anywhere, type-only ones included, is a lint rule (eslint/import-cycles.js): this holds it to what it
// promises, on sources linted in place of real files, whose imports the rest of the repository answers.
import path from 'node:path';

import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

import { specifiersOnDisk } from '../../eslint/import-cycles.js';

const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function cycles(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages
    .filter((message) => message.ruleId === 'tessera/import-cycles')
    .map((m) => m.message);
}

const cycle = expect.stringContaining('an import cycle');

describe('import cycles', () => {
  it('refuse an import that closes a cycle, in a module or across server/src', async () => {
    // items.routes.ts imports items.service.ts: the service importing the routes back closes a loop.
    const service = 'server/src/modules/items/items.service.ts';
    const loop = "import { itemsRoutes } from './items.routes.ts';\nexport const routes = itemsRoutes;\n";
    expect(await cycles(service, loop)).toEqual([cycle]);
    // lib/ below everything: a helper importing app.ts (which reaches it through the modules) loops too.
    const lib = 'server/src/lib/pagination.ts';
    expect(
      await cycles(lib, "import { buildApp } from '../app.ts';\nexport const app = buildApp;\n"),
    ).toEqual([cycle]);
  });

  it('count type-only imports and re-exports, in each of their forms', async () => {
    // mail.templates.ts imports the German catalogue: the catalogue may not take a type from the templates.
    const de = 'server/src/modules/mail/locales/de.ts';
    const templates = '../mail.templates.ts';
    for (const code of [
      `import type { SecurityNotice } from '${templates}';\nexport type A = SecurityNotice;\n`,
      `import { type SecurityNotice } from '${templates}';\nexport type A = SecurityNotice;\n`,
      `export type { SecurityNotice } from '${templates}';\n`,
      `export * from '${templates}';\n`,
      `export * as templates from '${templates}';\n`,
      `export type A = typeof import('${templates}');\n`,
      `export const load = () => import('${templates}');\n`,
    ]) {
      expect(await cycles(de, code), code).toEqual([cycle]);
    }
  });

  it('name the loop, file by file', async () => {
    const de = 'server/src/modules/mail/locales/de.ts';
    const [message] = await cycles(
      de,
      "import type { SecurityNotice } from '../mail.templates.ts';\nexport type A = SecurityNotice;\n",
    );
    expect(message).toContain(
      'server/src/modules/mail/locales/de.ts → server/src/modules/mail/mail.templates.ts → server/src/modules/mail/locales/de.ts',
    );
  });

  it('follow the contract package by its entry points, from wherever it is imported', async () => {
    // endpoints.ts is below the schemas' types, which name its ids.
    const endpoints = 'contract/src/endpoints.ts';
    expect(
      await cycles(
        endpoints,
        "import type { EndpointSchemas } from './endpoint-schema-types.ts';\nexport type S = EndpointSchemas;\n",
      ),
    ).toEqual([cycle]);
    // The index re-exports constants.ts; @app/contract/endpoints imports it.
    const constants = 'contract/src/constants.ts';
    expect(
      await cycles(constants, "import type { Role } from '@app/contract';\nexport type R = Role;\n"),
    ).toEqual([cycle]);
    expect(
      await cycles(
        constants,
        "import type { EndpointId } from '@app/contract/endpoints';\nexport type E = EndpointId;\n",
      ),
    ).toEqual([cycle]);
  });

  it("follow web's @/ alias and its imports without an extension", async () => {
    // The API client makes its errors with api-error.ts.
    const apiError = 'web/src/lib/api-error.ts';
    expect(
      await cycles(
        apiError,
        "import type { SendRefresh } from '@/lib/api-client';\nexport type S = SendRefresh;\n",
      ),
    ).toEqual([cycle]);
    // create-api-key.ts refreshes the list of get-api-keys.ts.
    const getApiKeys = 'web/src/features/developers/api/get-api-keys.ts';
    expect(await cycles(getApiKeys, "export { useCreateApiKey } from './create-api-key';\n")).toEqual([
      cycle,
    ]);
  });

  it('let an import down the graph pass', async () => {
    expect(
      await cycles(
        'contract/src/endpoints.ts',
        "import type { Role } from './constants.ts';\nexport type R = Role;\n",
      ),
    ).toEqual([]);
    expect(
      await cycles(
        'web/src/lib/api-client.ts',
        "import type { ApiError } from '@/lib/api-error';\nexport type E = ApiError;\n",
      ),
    ).toEqual([]);
    const de = 'server/src/modules/mail/locales/de.ts';
    expect(
      await cycles(
        de,
        "import type { MailCatalogue } from './en.ts';\nexport const de = {} as MailCatalogue;\n",
      ),
    ).toEqual([]);
  });

  it('read the imports of the files on disk, past comments and strings', () => {
    const code = [
      "import type { A } from './a.ts';",
      "import { type B, c } from './b';",
      "export type { D } from './d.ts';",
      "// import './commented.ts';",
      'const text = "import \'./quoted.ts\'";',
      "export const e = () => import('./e.ts');",
      "export type F = typeof import('./f.ts');",
    ].join('\n');
    expect(specifiersOnDisk('x.ts', code)).toEqual(['./a.ts', './b', './d.ts', './e.ts', './f.ts']);
    // The pre-processor misses this form, so a file that holds it is parsed.
    const starAs = `export * as g from './g.ts';\n${code}`;
    expect(specifiersOnDisk('x.ts', starAs)).toEqual([
      './g.ts',
      './a.ts',
      './b',
      './d.ts',
      './e.ts',
      './f.ts',
    ]);
  });
});
