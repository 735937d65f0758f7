// Feedback (docs/spec.md section 5): any member may send it; only super admins read it (modules/super-admin).
import type { Feedback } from '@app/contract';

import type { Db } from '../../db/client.ts';
import { feedback } from '../../db/schema/feedback.ts';
import { withTenantStatement } from '../../db/tenant-scope.ts';
import type { MemberCaller } from '../../lib/caller.ts';

export async function submitFeedback(
  db: Db,
  caller: MemberCaller,
  { message, route }: { message: string; route: string },
): Promise<Feedback> {
  const [row] = await withTenantStatement(db, caller.tenantId, (tx) =>
    tx
      .insert(feedback)
      .values({ tenantId: caller.tenantId, userId: caller.userId, message, route })
      .returning(),
  );
  return {
    uuid: row!.uuid,
    route: row!.route,
    message: row!.message,
    created_at: row!.createdAt.toISOString(),
  };
}
