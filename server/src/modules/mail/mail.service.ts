// What other modules ask of mail: a message queued in their own transaction, so it leaves only if that commits.
// The caller then wakes the worker (app.mail.notify) to send it at once.
import type { Locale } from '@app/contract/constants';

import type { Db } from '../../db/client.ts';
import { deleteSentMailBefore, enqueueMail } from './mail.repository.ts';
import {
  emailChangeMail,
  emailChangeNoticeMail,
  invitationMail,
  keysRevokedMail,
  teamSignInNoticeMail,
  passwordResetMail,
  securityNoticeMail,
  verificationMail,
} from './mail.templates.ts';
import { daysBefore } from '../../lib/clock.ts';

export async function queueVerificationMail(tx: Db, input: Parameters<typeof verificationMail>[0]) {
  await enqueueMail(tx, verificationMail(input));
}

export async function queuePasswordResetMail(tx: Db, input: Parameters<typeof passwordResetMail>[0]) {
  await enqueueMail(tx, passwordResetMail(input));
}

export async function queueInvitationMail(tx: Db, input: Parameters<typeof invitationMail>[0]) {
  await enqueueMail(tx, invitationMail(input));
}

/** The confirmation link to the new address and the notice to the old one, in the caller's transaction. */
export async function queueEmailChangeMails(
  tx: Db,
  {
    oldEmail,
    newEmail,
    locale,
    appUrl,
    token,
  }: { oldEmail: string; newEmail: string; locale: Locale; appUrl: string; token: string },
) {
  await enqueueMail(tx, emailChangeMail({ to: newEmail, locale, appUrl, token }));
  await enqueueMail(tx, emailChangeNoticeMail({ to: oldEmail, locale, appUrl, newEmail }));
}

export type SecurityNotice = Parameters<typeof securityNoticeMail>[0]['notice'];

/** A notice to the account's address that a way in was added or changed, in the caller's transaction. */
export async function queueSecurityNotice(tx: Db, input: Parameters<typeof securityNoticeMail>[0]) {
  await enqueueMail(tx, securityNoticeMail(input));
}

export type KeysRevokedCause = Parameters<typeof keysRevokedMail>[0]['cause'];

/** The notice naming the API keys a credential event revoked, in the caller's transaction. */
export async function queueKeysRevokedNotice(tx: Db, input: Parameters<typeof keysRevokedMail>[0]) {
  await enqueueMail(tx, keysRevokedMail(input));
}

export type TeamSignInChange = Parameters<typeof teamSignInNoticeMail>[0]['change'];

/** The notice to a team's owner that how its members sign in changed, in the caller's transaction. */
export async function queueTeamSignInNotice(tx: Db, input: Parameters<typeof teamSignInNoticeMail>[0]) {
  await enqueueMail(tx, teamSignInNoticeMail(input));
}

/** How long delivered mail is kept (docs/contract.md section 5). */
const SENT_MAIL_KEPT_DAYS = 30;

/** The daily clean-up's part here: delivered mail past its keeping. */
export function deleteOldSentMail(db: Db, now: Date, signal?: AbortSignal): Promise<number> {
  return deleteSentMailBefore(db, daysBefore(now, SENT_MAIL_KEPT_DAYS), signal);
}
