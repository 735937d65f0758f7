// Migrates one database and keeps it as the template every test file copies, so that a file opens a migrated
// database without running the migrations again: an embedded one dumped to a file (opened in ~0.4 s), or on the
// PostgreSQL server at DATABASE_URL a template database that `create database ... template` copies (docs/decisions/018).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

import { fromPglite, fromPool } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string | null;
  }
}

export default async function setup(project: TestProject) {
  // The embedded template is made on PostgreSQL too: the tests of PGlite's own behaviour run on either.
  const dir = mkdtempSync(path.join(tmpdir(), 'tessera-template-'));
  const client = await PGlite.create();
  const database = fromPglite(client);
  await migrateDatabase(database);
  const dump = await client.dumpDataDir('none');
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);

  const databaseUrl = process.env.DATABASE_URL;
  const template = databaseUrl ? await migratedPostgresTemplate(databaseUrl) : null;
  project.provide('postgresTemplate', template);
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (databaseUrl && template) await runAsAdmin(databaseUrl, `drop database ${template} with (force)`);
  };
}

/** A migrated database no one is connected to, as `create database ... template` requires. */
async function migratedPostgresTemplate(databaseUrl: string) {
  const name = `tessera_template_${randomBytes(6).toString('hex')}`;
  await runAsAdmin(databaseUrl, `create database ${name}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const database = fromPool(new pg.Pool({ connectionString: url.toString() }));
  await migrateDatabase(database);
  await database.close();
  return name;
}

/** Runs `statements` in order, on a connection of their own to the server at `databaseUrl`. */
export async function runAsAdmin(databaseUrl: string, ...statements: string[]) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}
