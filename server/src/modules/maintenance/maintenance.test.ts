// The daily clean-up (docs/contract.md section 5): run once per day whatever the number of instances asking, it
// deletes what has expired or outlived its keeping, and nothing else.
import { count, isNull } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';

import { activityLog } from '../../db/schema/activity-log.ts';
import { items } from '../../db/schema/items.ts';
import { oneTimeTokens } from '../../db/schema/one-time-tokens.ts';
import { outbox } from '../../db/schema/outbox.ts';
import { rateLimits } from '../../db/schema/rate-limits.ts';
import { webhookDeliveries } from '../../db/schema/webhooks.ts';
import { refreshTokens } from '../../db/schema/refresh-tokens.ts';
import {
  buildTestApp,
  createTeam,
  inTenant,
  registerVerifiedUser,
  testConfig,
  type TestApp,
} from '../../../test/helpers.ts';
import { cleanUp } from './cleanup.service.ts';
import { claimRun } from './maintenance.repository.ts';

const DAY = 86_400_000;
let app: TestApp;
afterEach(() => app.close());

describe('claimRun', () => {
  it('gives a day’s run to exactly one of many callers at once, and the next day’s to one again', async () => {
    app = await buildTestApp({ config: testConfig({ PROCESS_ROLE: 'web' }) });
    const now = new Date('2026-06-01T03:00:00Z');
    const claims = await Promise.all(
      Array.from({ length: 8 }, () => claimRun(app.database.db, 'test', now, DAY)),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimRun(app.database.db, 'test', new Date(now.getTime() + DAY - 1), DAY)).toBe(false);
    const nextDay = await Promise.all(
      Array.from({ length: 8 }, () => claimRun(app.database.db, 'test', new Date(now.getTime() + DAY), DAY)),
    );
    expect(nextDay.filter(Boolean)).toHaveLength(1);
  });
});

describe('cleanUp', () => {
  async function rowsOf() {
    const { db } = app.database;
    const tally = async (query: Promise<{ n: number }[]>) => (await query)[0]!.n;
    return {
      refreshTokens: await tally(db.select({ n: count() }).from(refreshTokens)),
      oneTimeTokens: await tally(db.select({ n: count() }).from(oneTimeTokens)),
      unsentMail: await tally(db.select({ n: count() }).from(outbox).where(isNull(outbox.sentAt))),
      mail: await tally(db.select({ n: count() }).from(outbox)),
      rateLimits: await tally(db.select({ n: count() }).from(rateLimits)),
      activity: await tally(db.select({ n: count() }).from(activityLog)),
      deliveries: await tally(db.select({ n: count() }).from(webhookDeliveries)),
    };
  }

  it('deletes expired sessions, links and counters, sent mail and webhook deliveries after 30 days, and activity past its retention', async () => {
    // The jobs stay off, so only this test cleans up.
    app = await buildTestApp({ config: testConfig({ PROCESS_ROLE: 'web' }) });
    const { db } = app.database;
    const owner = await registerVerifiedUser(app);
    const team = await createTeam(app, owner);
    const hook = await app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: inTenant(owner.access_token, team.uuid),
      payload: { url: 'http://127.0.0.1:9/hook', events: ['item.created'] },
    });
    const created = await app.inject({
      method: 'POST',
      url: '/api/items/',
      headers: inTenant(owner.access_token, team.uuid),
      payload: { name: 'Kept', description: '' },
    });
    expect(created.statusCode).toBe(201);
    // The item's delivery went out; a test ping waits, unsent.
    await db.update(webhookDeliveries).set({ status: 'succeeded' });
    await app.inject({
      method: 'POST',
      url: `/api/webhooks/${hook.json().id}/test`,
      headers: inTenant(owner.access_token, team.uuid),
    });
    // The verification mail went out; a reset mail waits, undelivered.
    const now = new Date();
    await db.update(outbox).set({ sentAt: now });
    await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password/request',
      payload: { email: owner.email },
    });
    await db.insert(rateLimits).values([
      { key: 'expired', points: 3, expire: now.getTime() - 1 },
      { key: 'live', points: 3, expire: now.getTime() + 60_000 },
    ]);
    const before = await rowsOf();
    // On PostgreSQL the requests above counted against their limits there too, in windows still open.
    expect(before.unsentMail).toBe(1);
    expect(before.rateLimits).toBeGreaterThanOrEqual(2);
    expect(before.refreshTokens).toBeGreaterThan(0);
    expect(before.oneTimeTokens).toBeGreaterThan(0);
    expect(before.activity).toBeGreaterThan(0);
    expect(before.deliveries).toBe(2);

    // Today, with activity kept for ever: only the counter whose window has ended goes.
    expect(await cleanUp(db, now, { activityRetentionDays: 0 })).toEqual({
      refreshTokens: 0,
      oneTimeTokens: 0,
      sentMail: 0,
      webhookDeliveries: 0,
      ssoAttempts: 0,
      rateLimits: 1,
      activity: 0,
    });
    expect(await rowsOf()).toEqual({ ...before, rateLimits: before.rateLimits - 1 });

    // 31 days on, keeping activity for 30: sessions and links have expired, the sent mail and the entries are old.
    const later = new Date(now.getTime() + 31 * DAY);
    const deleted = await cleanUp(db, later, { activityRetentionDays: 30 });
    expect(deleted).toEqual({
      refreshTokens: before.refreshTokens,
      oneTimeTokens: before.oneTimeTokens,
      sentMail: before.mail - before.unsentMail,
      webhookDeliveries: 1,
      ssoAttempts: 0,
      rateLimits: before.rateLimits - 1,
      activity: before.activity,
    });
    // Undelivered mail and webhooks are never deleted; the team's item is not the clean-up's to touch.
    expect(await rowsOf()).toEqual({
      refreshTokens: 0,
      oneTimeTokens: 0,
      unsentMail: 1,
      mail: 1,
      rateLimits: 0,
      activity: 0,
      deliveries: 1,
    });
    // (Its session is gone with its refresh tokens.)
    expect(await db.select({ name: items.name }).from(items)).toEqual([{ name: 'Kept' }]);
  });
});
