// Nothing secret reaches the logs: no password, no token from a query string or a body.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  buildTestApp,
  createTeam,
  mailedInvitation,
  latestMailTo,
  registerUser,
  type TestApp,
  testConfig,
  uniqueEmail,
} from '../../../test/helpers.ts';

const lines: string[] = [];
let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({
    // The dev mailbox logs its links on purpose (docs/contract.md section 3); with SMTP nothing may.
    config: testConfig({ SMTP_URL: 'smtp://127.0.0.1:1' }),
    logger: { level: 'trace', stream: { write: (line: string) => void lines.push(line) } },
  });
});
afterAll(() => app.close());

describe('request logs', () => {
  it('hold invitation paths with the token replaced, for the API and the web page alike', async () => {
    const owner = await registerUser(app);
    const team = await createTeam(app, owner);
    const token = await mailedInvitation(app, owner, team.uuid, uniqueEmail());
    // The page the mailed link opens (served by the web app's fallback), then the calls it makes.
    await app.inject({ url: `/tenants/invitations/${token}/accept` });
    await app.inject({ url: `/api/invitations/${token}/accept` });
    await app.inject({
      method: 'POST',
      url: `/api/invitations/${token}/set-password?x=1`,
      payload: { password: 'a fine password' },
    });
    await app.inject({ url: `/api/invitations/${token}/accept/` });
    // Variants a router or a truncated link may still serve: any case, doubled slashes, no action at all.
    for (const path of [
      `/tenants/invitations/${token}/Accept`,
      `/api/invitations/${token}//accept`,
      `/api//invitations/${token}/accept`,
      `/INVITATIONS/${token}`,
      `/api/invitations/${token};x/accept`,
    ]) {
      await app.inject({ url: path });
    }

    const log = lines.join('\n');
    expect(log).toContain('/api/invitations/[token]/accept');
    expect(log).toContain('/tenants/invitations/[token]/accept');
    expect(log).toContain('/api/invitations/[token]/set-password');
    const leak = lines.find((line) => line.includes(token));
    expect(leak === undefined, `logged: ${leak}`).toBe(true);
  });

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
