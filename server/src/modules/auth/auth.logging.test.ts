// Nothing secret reaches the logs: no password, no token from a query string or a body.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, latestMailTo, registerUser, type TestApp, testConfig } from '../../../test/helpers.ts';

const lines: string[] = [];
let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({
    // The dev mailbox logs its links on purpose (CONTRACT section 3); with SMTP nothing may.
    config: testConfig({ SMTP_URL: 'smtp://127.0.0.1:1' }),
    logger: { level: 'trace', stream: { write: (line: string) => void lines.push(line) } },
  });
});
afterAll(() => app.close());

describe('request logs', () => {
  it('hold paths and statuses but no passwords or tokens', async () => {
    const { email, password, refresh_token } = await registerUser(app);
    await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'a wrong guess' },
    });
    const { token } = await latestMailTo(app, email);
    await app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${token}` });
    await app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh_token } });

    expect(lines.join('\n')).toContain('/api/auth/verify-email');
    for (const secret of [password, 'a wrong guess', token!, refresh_token]) {
      const leak = lines.find((line) => line.includes(secret));
      expect(leak === undefined, `logged: ${leak}`).toBe(true);
    }
  });
});
