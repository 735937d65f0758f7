// Faults (issue: resilience): the app killed with SIGKILL in the middle of a burst of writes, on the default embedded
// database. After a restart on the same DATA_DIR every acknowledged write is there and none is half done, and the
// mail queued while the mail server was down is delivered once.
//
// This is also the test of the embedded database itself (PGlite in DATA_DIR): the kill lands while PGlite is writing
// (requests are in flight inside their transactions), so the restart proves that the data dir a crash leaves behind
// opens again, and the checks below that it holds everything acknowledged and nothing half written.
//
// The app here runs on PGlite whatever DATABASE_URL says, so it runs in either pass of the suite, as CI's on PostgreSQL.
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import { afterAll, afterEach, describe, expect, it } from 'vitest';

import { migratedDataDir, type Started, start, stop, until } from './app-process.ts';
import { type LocalSmtpServer, startLocalSmtpServer } from './local-smtp-server.ts';
import { scaled } from '../../test-deadlines.ts';

const PASSWORD = 'correct horse battery';

/**
 * A mail server that is down in the worst way for the outbox: it accepts connections and never answers, so the
 * worker sits in the middle of a delivery, its mail claimed, when the kill comes (nodemailer gives up on the greeting
 * only after 10 s).
 */
async function startSilentSmtpServer() {
  const sockets = new Set<net.Socket>();
  let connections = 0;
  const server = net.createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    connections: () => connections,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('the app killed in the middle of a burst of writes', () => {
  let dataDir: string | undefined;
  let app: Started | undefined;
  let silent: Awaited<ReturnType<typeof startSilentSmtpServer>> | undefined;
  let smtp: LocalSmtpServer | undefined;
  const outputs: string[] = [];

  afterEach(({ task }) => {
    if (task.result?.state === 'fail')
      console.error(`app output (tail):\n${outputs.join('\n').slice(-6000)}`);
  });

  afterAll(async () => {
    if (app && app.child.exitCode === null && app.child.signalCode === null) {
      app.child.kill('SIGKILL');
      await app.exit;
    }
    await silent?.close();
    await smtp?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'keeps every acknowledged write whole, opens the data dir again, and delivers the queued mail once',
    async () => {
      dataDir = await migratedDataDir('tessera-faults-crash-');
      silent = await startSilentSmtpServer();
      const env = { DATA_DIR: dataDir, JWT_SECRET: 'faults-test-secret-that-is-at-least-32-bytes' };
      app = await start({ ...env, SMTP_URL: `smtp://127.0.0.1:${silent.port}` });
      const first = app;

      const post = (url: string, body: object, headers: Record<string, string> = {}) =>
        fetch(`${first.url}/api${url}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify(body),
        });
      const ownerEmail = `owner-${randomBytes(4).toString('hex')}@example.com`;
      const registered = await post('/auth/register', { email: ownerEmail, password: PASSWORD });
      expect(registered.status).toBe(201);
      const { access_token } = (await registered.json()) as { access_token: string };
      const auth = { authorization: `Bearer ${access_token}` };
      const homes: string[] = [];
      for (const name of ['Home A', 'Home B']) {
        const created = await post('/tenants', { name }, auth);
        expect(created.status).toBe(201);
        homes.push(((await created.json()) as { uuid: string }).uuid);
      }

      // The burst: lanes sending writes back to back. A team is two rows in one transaction (the team and its owner's
      // membership), a registration four (the user, the verification token, its mail in the outbox, the session's
      // refresh token), an item one row.
      const acknowledged = {
        teams: [] as { uuid: string; name: string }[],
        items: [] as { uuid: string; name: string; tenant: string }[],
        users: [] as string[],
      };
      /** Statuses of the requests answered before the kill: each must be an acknowledgement. */
      const answered: number[] = [];
      /** Registrations that got no answer: committed or not, the restarted app tells. */
      const unansweredUsers: string[] = [];
      let inFlightAtKill = 0;
      let killed = false;
      const lane = async (kind: 'teams' | 'items' | 'users') => {
        for (let n = 0; !killed; n += 1) {
          const key = `${kind}-${n}-${randomBytes(4).toString('hex')}`;
          const email = `${key}@example.com`;
          const tenant = homes[n % 2]!;
          try {
            const response =
              kind === 'teams'
                ? await post('/tenants', { name: key }, auth)
                : kind === 'items'
                  ? await post('/items/', { name: key }, { ...auth, 'x-tenant-uuid': tenant })
                  : await post('/auth/register', { email, password: PASSWORD });
            const body = (await response.json()) as { uuid: string; name: string };
            answered.push(response.status);
            if (response.status !== 201) continue;
            if (kind === 'teams') acknowledged.teams.push({ uuid: body.uuid, name: body.name });
            else if (kind === 'items') acknowledged.items.push({ uuid: body.uuid, name: body.name, tenant });
            else acknowledged.users.push(email);
          } catch {
            // No answer: the process died with this request in flight.
            inFlightAtKill += 1;
            if (kind === 'users') unansweredUsers.push(email);
          }
        }
      };
      const lanes = (['teams', 'teams', 'items', 'items', 'users', 'users'] as const).map(lane);
      await until(
        () =>
          acknowledged.teams.length >= 8 &&
          acknowledged.items.length >= 8 &&
          acknowledged.users.length >= 3 &&
          silent!.connections() >= 1,
        'acknowledged writes of each kind, and the outbox worker mid-delivery',
      );
      // The lanes stop sending at once, so every request without an answer was in flight when the process died.
      killed = true;
      first.child.kill('SIGKILL');
      expect(await first.exit).toBeNull();
      await Promise.all(lanes);
      outputs.push(first.output());
      expect(inFlightAtKill).toBeGreaterThan(0);
      expect(answered.filter((status) => status !== 201)).toEqual([]);

      // The mail server comes back before the app does.
      await silent.close();
      smtp = await startLocalSmtpServer();
      app = await start({ ...env, SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
      const second = app;
      const get = (url: string, headers: Record<string, string> = {}) =>
        fetch(`${second.url}/api${url}`, { headers: { ...auth, ...headers } });

      // Every acknowledged team, with its owner.
      const teams: { uuid: string; name: string; user_role: string }[] = [];
      for (let cursor: string | null = ''; cursor !== null;) {
        const page = await get(`/tenants?limit=100${cursor ? `&cursor=${cursor}` : ''}`);
        expect(page.status).toBe(200);
        teams.push(...((await page.json()) as typeof teams));
        cursor = page.headers.get('x-next-cursor');
      }
      for (const team of acknowledged.teams) {
        expect(teams).toContainEqual(expect.objectContaining({ ...team, user_role: 'owner' }));
      }
      // Every acknowledged item.
      for (const item of acknowledged.items) {
        const response = await get(`/items/${item.uuid}`, { 'x-tenant-uuid': item.tenant });
        expect(response.status).toBe(200);
        expect(((await response.json()) as { name: string }).name).toBe(item.name);
      }
      // Every acknowledged registration signs in; an unanswered one may or may not have committed: signing in tells.
      const login = (email: string) =>
        fetch(`${second.url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: PASSWORD }),
        }).then((response) => response.status);
      for (const email of acknowledged.users) expect(await login(email)).toBe(200);
      const committedUnanswered: string[] = [];
      for (const email of unansweredUsers) {
        const status = await login(email);
        expect([200, 401]).toContain(status);
        if (status === 200) committedUnanswered.push(email);
      }

      // Each account's verification mail arrives, queued before the kill and sent after the restart.
      const accounts = [ownerEmail, ...acknowledged.users, ...committedUnanswered].sort();
      const deliveries = () => smtp!.received.flatMap((mail) => mail.envelopeTo);
      await until(
        () => accounts.every((email) => deliveries().includes(email)),
        `verification mail to all ${accounts.length} accounts`,
      );
      expect(await stop(second)).toBe(0);
      outputs.push(second.output());

      // Straight from the data dir, with the app stopped: nothing half done, every mail sent and sent once.
      const pglite = await PGlite.create(path.join(dataDir, 'pgdata'));
      try {
        const rows = async <T>(query: string) => (await pglite.query<T>(query)).rows;
        expect(
          await rows(`select t.name from tenants t
          where not exists (select 1 from memberships m where m.tenant_id = t.uuid and m.role = 'owner')`),
        ).toEqual([]);
        expect(
          await rows(`select u.email from users u
          where not exists (select 1 from outbox o where o."to" = u.email)
             or not exists (select 1 from one_time_tokens v where v.user_id = u.uuid)
             or not exists (select 1 from refresh_tokens r where r.user_id = u.uuid)`),
        ).toEqual([]);
        const users = await rows<{ email: string }>('select email from users');
        expect(users.map((user) => user.email).sort()).toEqual(accounts);
        expect(await rows(`select "to" from outbox where sent_at is null`)).toEqual([]);
        const outbox = await rows<{ to: string }>(`select "to" from outbox`);
        expect(outbox.map((mail) => mail.to).sort()).toEqual(accounts);
        // Delivered after the restart exactly as often as queued, once per account (the silent server accepted none).
        expect(deliveries().sort()).toEqual(accounts);
      } finally {
        await pglite.close();
      }
    },
    scaled(120_000),
  );
});
