// The server's module boundaries are lint rules (eslint.config.js): this holds them to what they promise.
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

import { findCycle, SERVER_MODULES } from '../../eslint/server-boundaries.js';

const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function boundaryErrors(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((message) => message.ruleId === 'tessera/server-boundaries');
}

describe('server module boundaries', () => {
  it("refuse another module's repository, and allow its service", async () => {
    const file = 'server/src/modules/items/items.service.ts';
    const errors = await boundaryErrors(
      file,
      "import { findPlans } from '../billing/billing.repository.ts';\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toContain('one of its services (*.service.ts)');
    expect(
      await boundaryErrors(file, "import { planLimits } from '../billing/billing.service.ts';\n"),
    ).toEqual([]);
    // A module split along its lifecycle has several services, each a way in; its repositories stay inside.
    const plugin = 'server/src/plugins/auth.ts';
    expect(await boundaryErrors(plugin, "import '../modules/auth/sessions.service.ts';\n")).toEqual([]);
    expect(await boundaryErrors(plugin, "import '../modules/auth/sessions.repository.ts';\n")).toHaveLength(
      1,
    );
  });

  it("refuse another module's files at any depth, from a nested folder or a plugin", async () => {
    const nested = 'server/src/modules/billing/stripe/stripe-provider.ts';
    expect(await boundaryErrors(nested, "import '../../tenants/tenants.repository.ts';\n")).toHaveLength(1);
    expect(await boundaryErrors(nested, "import '../billing.repository.ts';\n")).toEqual([]);
    const plugin = 'server/src/plugins/tenant.ts';
    expect(await boundaryErrors(plugin, "import '../modules/members/members.repository.ts';\n")).toHaveLength(
      1,
    );
  });

  it("keep the HTTP plugins to a module's routes, even for a type", async () => {
    const imports =
      "import type { FastifyRequest } from 'fastify';\nimport { requestClient } from '../../plugins/auth.ts';\n";
    expect(await boundaryErrors('server/src/modules/items/items.routes.ts', imports)).toEqual([]);
    const typeOnly = "import type { TenantAccess } from '../../plugins/tenant.ts';\n";
    for (const file of [
      'items/items.service.ts',
      'items/items.repository.ts',
      'billing/local/local-billing.service.ts',
    ]) {
      const errors = await boundaryErrors(`server/src/modules/${file}`, typeOnly);
      expect(errors.map((error) => error.message)).toEqual([expect.stringContaining('lib/caller.ts')]);
    }
  });

  it('refuse a table the module neither owns nor declares it reads', async () => {
    const file = 'server/src/modules/items/items.repository.ts';
    expect(await boundaryErrors(file, "import { items } from '../../db/schema/items.ts';\n")).toEqual([]);
    expect(await boundaryErrors(file, "import { users } from '../../db/schema/users.ts';\n")).toHaveLength(1);
    expect(await boundaryErrors(file, "import * as all from '../../db/schema/index.ts';\n")).toHaveLength(1);
    // The plugins own no table: they ask the modules.
    const plugin = 'server/src/plugins/auth.ts';
    expect(await boundaryErrors(plugin, "import '../db/schema/refresh-tokens.ts';\n")).toHaveLength(1);
  });

  it('see through a folder import of the schema, a re-export from a service and a computed import', async () => {
    const file = 'server/src/modules/items/items.repository.ts';
    expect(await boundaryErrors(file, "import { users } from '../../db/schema';\n")).toHaveLength(1);
    const service = 'server/src/modules/auth/sessions.service.ts';
    const leak = "export { openSessionRow } from './sessions.repository.ts';\n";
    expect((await boundaryErrors(service, leak)).map((error) => error.message)).toEqual([
      expect.stringContaining('not what it imports'),
    ]);
    const computed =
      "const name = 'members';\nawait import(`../${name}/members.repository.ts`);\nexport {};\n";
    expect(await boundaryErrors(file, computed)).toHaveLength(1);
  });

  it('refuse a module its layering does not list, whichever of its services is imported', async () => {
    // Items sit below usage, which counts them: items reaching members would be a step up.
    const file = 'server/src/modules/items/items.service.ts';
    const errors = await boundaryErrors(
      file,
      "import { countSeats } from '../members/members.service.ts';\n",
    );
    expect(errors.map((error) => error.message)).toEqual([
      expect.stringContaining('The items module may not use the members module'),
    ]);
    expect(SERVER_MODULES.items?.uses).not.toContain('members');
    // A test sets up what it needs through any module.
    const test = 'server/src/modules/items/items.test.ts';
    expect(
      await boundaryErrors(test, "import { countSeats } from '../members/members.service.ts';\n"),
    ).toEqual([]);
  });

  it('hold the declared layering to no cycle', () => {
    expect(findCycle({ a: ['b'], b: ['c'], c: ['a'] })).toBe('a → b → c → a');
    expect(findCycle({ a: ['b', 'c'], b: ['c'], c: [] })).toBeNull();
    const uses = Object.fromEntries(
      Object.entries(SERVER_MODULES).map(([name, rules]) => [name, rules.uses]),
    );
    expect(findCycle(uses)).toBeNull();
  });

  it("agree with docs/architecture.md's table of layers, row for row, in an order the layering allows", () => {
    const doc = readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');
    const table = doc.slice(doc.indexOf('The layers, lowest first')).split('\n\n')[1]!;
    const names = (cell: string) => [...cell.matchAll(/`([\w-]+)\/?`/g)].map(([, name]) => name!).toSorted();
    const rows = table
      .split('\n')
      .slice(2)
      .map((line) => line.split('|').slice(1, -1));
    const documented: Record<string, { owns: string[]; reads: string[]; uses: string[] }> = {};
    const above = new Set<string>();
    for (const [modules, owns, reads, uses] of rows) {
      const used = uses!
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean)
        .toSorted();
      for (const name of used)
        expect(above, `${modules!.trim()} uses ${name}, a row below it`).toContain(name);
      const [name] = names(modules!);
      documented[name!] = { owns: names(owns!), reads: names(reads!), uses: used };
      above.add(name!);
    }
    const declared = Object.fromEntries(
      Object.entries(SERVER_MODULES).map(([name, rules]) => [
        name,
        {
          owns: rules.owns.toSorted(),
          reads: [...(('reads' in rules && rules.reads) || [])].toSorted(),
          uses: rules.uses.toSorted(),
        },
      ]),
    );
    expect(documented).toEqual(declared);
  });

  it('name the tables of every module folder', async () => {
    const errors = await boundaryErrors('server/src/modules/unlisted/unlisted.service.ts', 'export {};\n');
    expect(errors.map((error) => error.message)).toEqual([expect.stringContaining('SERVER_MODULES')]);
  });

  it('hold for the code as it is', async () => {
    const results = await eslint.lintFiles(['server/src']);
    const broken = results.flatMap((result) =>
      result.messages
        .filter((message) => message.ruleId === 'tessera/server-boundaries')
        .map((message) => `${path.relative(root, result.filePath)}: ${message.message}`),
    );
    expect(broken).toEqual([]);
  });
});
