import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { createTestDatabase, type TestDatabase } from '../../../test/helpers.ts';
import { outbox } from '../../db/schema/outbox.ts';
import { claimDueMail, enqueueMail, markMailSent, type OutgoingMail } from './mail.repository.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());
beforeEach(async () => {
  await database.db.delete(outbox);
});

const mail: OutgoingMail = { to: 'ada@example.com', subject: 'Hello', text: 'Hi', html: '<p>Hi</p>' };
const rows = () => database.db.select().from(outbox);

describe('enqueueMail', () => {
  it('writes nothing when the transaction that enqueued the mail rolls back', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueMail(tx, mail);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await rows()).toEqual([]);
  });

  it('writes the mail, due at once, when the transaction commits', async () => {
    await database.db.transaction((tx) => enqueueMail(tx, mail));
    const [row] = await rows();
    expect(row).toMatchObject({ ...mail, attempts: 0, lastError: null, sentAt: null });
    expect(row!.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
  });
});

describe('claimDueMail', () => {
  it('leases due, unsent mail so that a second claim gets none of it', async () => {
    await enqueueMail(database.db, mail);
    await enqueueMail(database.db, { ...mail, to: 'sent@example.com' });
    const now = new Date();
    const leaseUntil = new Date(now.getTime() + 60_000);
    const sent = (await rows()).find((row) => row.to === 'sent@example.com')!;
    await markMailSent(database.db, sent, now);

    const claimed = await claimDueMail(database.db, { now, leaseUntil, limit: 10 });
    expect(claimed.map((row) => row.to)).toEqual(['ada@example.com']);
    expect(claimed[0]!.nextAttemptAt).toEqual(leaseUntil);
    expect(await claimDueMail(database.db, { now, leaseUntil, limit: 10 })).toEqual([]);
    // Once the lease runs out, as when the instance holding it died, the mail is due again.
    expect(await claimDueMail(database.db, { now: leaseUntil, leaseUntil, limit: 10 })).toHaveLength(1);
  });
});
