// Migrates one embedded database and dumps it, so each test file opens a migrated copy in ~0.4 s instead of
// running initdb and the migrations again (docs/architecture.md, measured facts).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';

import { fromPglite } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  // Against PostgreSQL each test file migrates its own schema instead.
  if (process.env.DATABASE_URL) return;
  const dir = mkdtempSync(path.join(tmpdir(), 'tessera-template-'));
  const client = await PGlite.create();
  const database = fromPglite(client);
  await migrateDatabase(database);
  const dump = await client.dumpDataDir('none');
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
