// A realistic data set for benchmarks and query-plan tests: at scale 1, 1,000 teams, 10,000 users, 100,000 items
// and 20,000 invoices, spread evenly (10 users, 100 items and 20 invoices a team). Everything is made by SQL in
// the database, so even scale 10 takes seconds, not minutes.
import { sql } from 'drizzle-orm';

import { hashPassword } from '../lib/passwords.ts';
import { type Db, rowsOf } from './client.ts';

export const SEED_PASSWORD = 'bench-password';
/** The n-th seeded user (1-based). Users 1..teams own team n; the next teams users are admins; the rest members. */
export const seedUserEmail = (n: number) => `bench-${n}@seed.tessera.test`;

type SeedCounts = { teams: number; users: number; items: number; invoices: number; feedback: number };

function seedCounts(scale: number): SeedCounts {
  return {
    teams: Math.round(1_000 * scale),
    users: Math.round(10_000 * scale),
    items: Math.round(100_000 * scale),
    invoices: Math.round(20_000 * scale),
    feedback: Math.round(1_000 * scale),
  };
}

// The seeded teams and users, numbered 1..n in the order they were made (newest first by created_at).
const numberedTeams = sql`select uuid, row_number() over (order by created_at desc, uuid) as n
  from tenants where name like 'Bench team %'`;
const numberedUsers = sql`select uuid, row_number() over (order by created_at desc, uuid) as n
  from users where email like 'bench-%@seed.tessera.test'`;

export async function seedDatabase(db: Db, scale: number): Promise<SeedCounts> {
  if (!(scale > 0)) throw new Error('The scale must be a positive number');
  const counts = seedCounts(scale);
  const { teams, users, items, invoices, feedback } = counts;
  // One hash for everyone: hashing 10,000 passwords would take minutes and measure nothing.
  const passwordHash = await hashPassword(SEED_PASSWORD);

  await db.transaction(async (tx) => {
    // A batch job, not a request: a million items at scale 10 outlast DATABASE_STATEMENT_TIMEOUT_MS on a slow machine.
    await tx.execute(sql`set local statement_timeout = 0`);
    const existing = await tx.execute(sql`select 1 from users where email = ${seedUserEmail(1)}`);
    if (rowsOf(existing).length > 0) {
      throw new Error('This database is already seeded');
    }
    await tx.execute(sql`insert into users (email, password_hash, is_verified, created_at)
      select 'bench-' || g || '@seed.tessera.test', ${passwordHash}, true, now() - g * interval '1 second'
      from generate_series(1, ${users}::int) g`);
    await tx.execute(sql`insert into tenants (name, description, created_at)
      select 'Bench team ' || g, case when g % 2 = 0 then 'A seeded team' end, now() - g * interval '1 second'
      from generate_series(1, ${teams}::int) g`);
    await tx.execute(sql`with t as (${numberedTeams}), u as (${numberedUsers})
      insert into memberships (tenant_id, user_id, role, joined_at)
      select t.uuid, u.uuid,
        (case when u.n <= ${teams} then 'owner' when u.n <= 2 * ${teams} then 'admin' else 'member' end)::team_role,
        now() - (${users} - u.n) * interval '1 millisecond' - interval '1 day'
      from u join t on t.n = (u.n - 1) % ${teams} + 1`);
    await tx.execute(sql`with t as (${numberedTeams})
      insert into items (tenant_id, name, description, created_at, updated_at)
      select t.uuid, 'Item ' || g, case when g % 3 <> 0 then 'Seeded item number ' || g end,
        now() - g * interval '1 second', now() - g * interval '1 second'
      from generate_series(1, ${items}::int) g join t on t.n = (g - 1) % ${teams} + 1`);
    // Each item's creation in its team's log, as the app writes it with the insert (items.repository.ts).
    await tx.execute(sql`insert into activity_log (tenant_id, actor_id, action, details, created_at)
      select tenant_id, created_by, 'item.created', jsonb_build_object('item', uuid, 'name', name), created_at
      from items`);
    // Every other team pays for Pro; each team has its share of past invoices, one per month.
    await tx.execute(sql`with t as (${numberedTeams})
      insert into subscriptions (tenant_id, provider, plan_id, interval, status, current_period_start,
        current_period_end, billing_cycle_anchor, unit_amount)
      select t.uuid, 'local', 'pro', 'monthly', 'active', now() - interval '10 days', now() + interval '20 days',
        now() - interval '10 days', 2900
      from t where t.n % 2 = 1`);
    await tx.execute(sql`with t as (${numberedTeams})
      insert into invoices (tenant_id, number, amount, currency, status, due_date, plan_id, period_start,
        period_end, created_at)
      select t.uuid, 'BENCH-' || g, 2900, 'usd', 'paid', now() - g * interval '1 hour', 'pro',
        now() - g * interval '1 hour', now() - g * interval '1 hour' + interval '1 month',
        now() - g * interval '1 hour'
      from generate_series(1, ${invoices}::int) g join t on t.n = (g - 1) % ${teams} + 1`);
    await tx.execute(sql`insert into invoice_lines (tenant_id, invoice_id, description, quantity, unit_amount, amount,
        created_at)
      select tenant_id, uuid, 'Pro plan (monthly)', 1, 2900, 2900, created_at from invoices`);
    await tx.execute(sql`with t as (${numberedTeams}), u as (${numberedUsers})
      insert into feedback (tenant_id, user_id, route, message, created_at)
      select t.uuid, u.uuid, '/items', 'Seeded feedback ' || g, now() - g * interval '1 minute'
      from generate_series(1, ${feedback}::int) g
        join t on t.n = (g - 1) % ${teams} + 1
        join u on u.n = (g - 1) % ${teams} + 1`);
  });
  // The state autovacuum leaves a running database in: fresh statistics for the planner, and a visibility map that
  // lets counts read the index alone (a freshly loaded table would send every count to the heap).
  await db.execute(sql`vacuum analyze`);
  return counts;
}
