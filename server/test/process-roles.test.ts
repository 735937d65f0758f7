// PROCESS_ROLE (docs/contract.md section 5), one row per role: what each serves and whether it runs the jobs. A role
// without a row fails the table.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { buildApp } from '../src/app.ts';
import { PROCESS_ROLES, type ProcessRole } from '../src/config.ts';
import { jobRuns } from '../src/db/schema/job-runs.ts';
import { createTestDatabase, testConfig } from './helpers.ts';

const ROLES: Record<ProcessRole, { api: boolean; jobs: boolean }> = {
  all: { api: true, jobs: true },
  web: { api: true, jobs: false },
  worker: { api: false, jobs: true },
};

describe.each(PROCESS_ROLES)('PROCESS_ROLE=%s', (role) => {
  it('serves and runs what its row says', async () => {
    const expected = ROLES[role];
    expect(expected, `no row for ${role}`).toBeDefined();
    const database = await createTestDatabase();
    try {
      const app = await buildApp({ config: testConfig({ PROCESS_ROLE: role }), database, webDir: null });
      await app.ready();
      for (const url of ['/api/health/live', '/api/health/ready', '/api/health']) {
        expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
      }
      for (const url of ['/api/config', '/api/openapi.json', '/dev/mailbox']) {
        expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(expected.api ? 200 : 404);
      }
      const register = await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { email: `${role}@example.com`, password: 'correct horse battery' },
      });
      expect(register.statusCode).toBe(expected.api ? 201 : 404);
      // A job's first round begins as the app is ready, and close() waits for it: the clean-up's claim is then
      // written exactly when the jobs run.
      await app.close();
      const runs = await database.db.select().from(jobRuns).where(eq(jobRuns.name, 'cleanup'));
      expect(runs).toHaveLength(expected.jobs ? 1 : 0);
    } finally {
      await database.drop();
    }
  });
});
