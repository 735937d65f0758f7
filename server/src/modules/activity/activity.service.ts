// A team's activity log: every module records its changes here, in the transaction that makes the change.
import type { Db } from '../../db/client.ts';
import * as repo from './activity.repository.ts';

type Activity = Parameters<typeof repo.insertActivity>[1];

/** Records one change of a team; `tx` is the transaction of the change itself, so both commit or neither. */
export async function recordActivity(tx: Db, entry: Activity): Promise<void> {
  await repo.insertActivity(tx, entry);
}

/** What a user did, in every team and oldest first: the entries of their account's export. */
export async function listByActor(db: Db, actorId: string) {
  return repo.findByActor(db, actorId);
}
