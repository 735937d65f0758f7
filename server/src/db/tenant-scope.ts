// The second wall of tenant isolation (docs/decisions/006): row-level security for one tenant's transaction.
import { sql } from 'drizzle-orm';

import type { Db } from './client.ts';

/**
 * Runs fn in one transaction as the restricted role tessera_tenant with app.tenant_id set, so PostgreSQL itself
 * confines every statement to that tenant's rows. Queries still filter by tenant id: this catches the one that forgot.
 */
export function withTenantScope<T>(db: Db, tenantId: string, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('role', 'tessera_tenant', true), set_config('app.tenant_id', ${tenantId}, true)`,
    );
    return fn(tx);
  });
}
