// The mails Tessera sends, each with a plain-text body holding the full link (docs/contract.md section 3, Email), in
// the recipient's language from the catalogues in locales/.
import type { Locale } from '@app/contract/constants';

import { escapeHtml } from './escape-html.ts';
import de from './locales/de.ts';
import en, { type MailCatalogue } from './locales/en.ts';
import type { OutgoingMail } from './mail.repository.ts';

type SecurityNoticeKey = keyof MailCatalogue['securityNotice']['subjects'];

/** Mail is written in the recipient's language (docs/contract.md section 4, Comfort). */
const CATALOGUES: Record<Locale, MailCatalogue> = { en, de };

type TokenLinkInput = { to: string; locale: Locale; appUrl: string; token: string };

export function verificationMail({ to, locale, appUrl, token }: TokenLinkInput): OutgoingMail {
  const { verification: texts } = CATALOGUES[locale];
  return linkMail(to, locale, {
    ...texts,
    link: `${appUrl}/verify-email?token=${encodeURIComponent(token)}`,
  });
}

export function passwordResetMail({ to, locale, appUrl, token }: TokenLinkInput): OutgoingMail {
  const { passwordReset: texts } = CATALOGUES[locale];
  return linkMail(to, locale, {
    ...texts,
    link: `${appUrl}/reset-password?token=${encodeURIComponent(token)}`,
  });
}

export function invitationMail({
  to,
  locale,
  appUrl,
  token,
  teamName,
  inviterEmail,
}: TokenLinkInput & { teamName: string; inviterEmail: string }): OutgoingMail {
  const { invitation: texts } = CATALOGUES[locale];
  return linkMail(to, locale, {
    subject: texts.subject({ teamName }),
    lead: texts.lead({ teamName, inviterEmail }),
    action: texts.action({ teamName }),
    link: `${appUrl}/tenants/invitations/${encodeURIComponent(token)}/accept`,
    note: texts.note,
  });
}

/** To the new address: the link that makes the switch, proving this mailbox is the account owner's. */
export function emailChangeMail({ to, locale, appUrl, token }: TokenLinkInput): OutgoingMail {
  const { emailChange: texts } = CATALOGUES[locale];
  return linkMail(to, locale, {
    ...texts,
    link: `${appUrl}/confirm-email-change?token=${encodeURIComponent(token)}`,
  });
}

/** To the old address: the owner learns of the request, and can act if it was not theirs. */
export function emailChangeNoticeMail({
  to,
  locale,
  appUrl,
  newEmail,
}: {
  to: string;
  locale: Locale;
  appUrl: string;
  newEmail: string;
}): OutgoingMail {
  const { emailChangeNotice: texts } = CATALOGUES[locale];
  return linkMail(to, locale, {
    subject: texts.subject,
    lead: texts.lead({ oldEmail: to, newEmail }),
    action: texts.action,
    link: `${appUrl}/forgot-password`,
    note: texts.note,
  });
}

/**
 * The account changes mailed to its address as they happen (docs/contract.md section 4, Credential lifecycle); an
 * email change has its own notice, to the old address when it is asked for (emailChangeNoticeMail).
 */
export type SecurityNotice = SecurityNoticeKey;

/**
 * Tells the holder of the address that a way in was added or changed: if it was not them, a reset through this
 * mailbox retires every session and link (and a reclaim, every factor).
 */
export function securityNoticeMail({
  to,
  locale,
  appUrl,
  notice,
}: {
  to: string;
  locale: Locale;
  appUrl: string;
  notice: SecurityNotice;
}): OutgoingMail {
  const { securityNotice: texts } = CATALOGUES[locale];
  return linkMail(to, locale, {
    subject: texts.subjects[notice],
    lead: texts.lead({ notice: texts.subjects[notice] }),
    action: texts.action,
    link: `${appUrl}/forgot-password`,
    note: texts.note,
  });
}

export type KeysRevokedCause = keyof MailCatalogue['keysRevoked']['causes'];

/** Names the API keys a credential event revoked (docs/contract.md section 4, Credential lifecycle). */
export function keysRevokedMail({
  to,
  locale,
  appUrl,
  cause,
  keys,
}: {
  to: string;
  locale: Locale;
  appUrl: string;
  cause: KeysRevokedCause;
  keys: { name: string; team: string }[];
}): OutgoingMail {
  const { keysRevoked: texts } = CATALOGUES[locale];
  return linkMail(to, locale, {
    subject: texts.subject,
    lead: texts.lead({ cause: texts.causes[cause], keys: keys.map(texts.key).join(', ') }),
    action: texts.action,
    link: `${appUrl}/team/developers`,
    note: texts.note,
  });
}

export type TeamSignInChange = keyof MailCatalogue['teamSignInNotice']['changes'];

/**
 * Tells a team's owner that how its members sign in changed (docs/contract.md section 4, Enterprise identity): an
 * admin's change, or a stolen admin session's, is seen by the one person it cannot lock out.
 */
export function teamSignInNoticeMail({
  to,
  locale,
  appUrl,
  team,
  actor,
  change,
  target,
}: {
  to: string;
  locale: Locale;
  appUrl: string;
  team: string;
  actor: string;
  change: TeamSignInChange;
  target: string;
}): OutgoingMail {
  const { teamSignInNotice: texts } = CATALOGUES[locale];
  return linkMail(to, locale, {
    subject: texts.subject({ team }),
    lead: texts.lead({ change: texts.changes[change], target, team, actor }),
    action: texts.action,
    link: `${appUrl}/team/security`,
    note: texts.note,
  });
}

function linkMail(
  to: string,
  locale: Locale,
  {
    subject: title,
    lead,
    action,
    link,
    note,
  }: { subject: string; lead: string; action: string; link: string; note: string },
): OutgoingMail {
  const { signOff, linkFallback } = CATALOGUES[locale];
  const subject = oneLine(title);
  const text = `${lead}\n\n${link}\n\n${note}\n\n${signOff}\n`;
  const html = [
    '<!doctype html>',
    `<html lang="${locale}">`,
    `<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body>',
    `<p>${escapeHtml(lead)}</p>`,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>`,
    `<p>${escapeHtml(linkFallback)}<br>${escapeHtml(link)}</p>`,
    `<p>${escapeHtml(note)}</p>`,
    `<p>${escapeHtml(signOff)}</p>`,
    '</body>',
    '</html>',
  ].join('\n');
  return { to, subject, text, html };
}

/**
 * A header is one line: a team name with CR/LF or other control characters (the API takes any) must not start
 * another header, in the outbox row, the log or on the wire. Nodemailer folds line breaks as well; this holds
 * whatever transport sends the mail.
 */
function oneLine(text: string): string {
  return text.replace(/[\p{Cc}\u2028\u2029]+/gu, ' ');
}
