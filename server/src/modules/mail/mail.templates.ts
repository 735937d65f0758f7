// The mails Tessera sends, each with a plain-text body holding the full link (docs/contract.md section 3, Email).
import { escapeHtml } from './escape-html.ts';
import type { OutgoingMail } from './mail.repository.ts';

type TokenLinkInput = { to: string; appUrl: string; token: string };

export function verificationMail({ to, appUrl, token }: TokenLinkInput): OutgoingMail {
  return linkMail(to, {
    subject: 'Verify your Tessera email',
    lead: 'Welcome to Tessera! Confirm your email address by opening this link:',
    action: 'Verify my email',
    link: `${appUrl}/verify-email?token=${encodeURIComponent(token)}`,
    note: 'The link is valid for 24 hours and works once. If you did not create a Tessera account, you can ignore this email.',
  });
}

export function passwordResetMail({ to, appUrl, token }: TokenLinkInput): OutgoingMail {
  return linkMail(to, {
    subject: 'Reset your Tessera password',
    lead: 'Someone asked to reset the password of your Tessera account. Choose a new password by opening this link:',
    action: 'Choose a new password',
    link: `${appUrl}/reset-password?token=${encodeURIComponent(token)}`,
    note: 'The link is valid for 1 hour and works once. If you did not ask for it, you can ignore this email: your password stays as it is.',
  });
}

export function invitationMail({
  to,
  appUrl,
  token,
  teamName,
  inviterEmail,
}: TokenLinkInput & { teamName: string; inviterEmail: string }): OutgoingMail {
  return linkMail(to, {
    subject: `You are invited to join ${teamName} on Tessera`,
    lead: `${inviterEmail} invited you to join the team "${teamName}" on Tessera. Accept the invitation by opening this link:`,
    action: `Join ${teamName}`,
    link: `${appUrl}/tenants/invitations/${encodeURIComponent(token)}/accept`,
    note: 'The link is valid for 7 days and works once. If you do not know this team, you can ignore this email.',
  });
}

/** To the new address: the link that makes the switch, proving this mailbox is the account owner's. */
export function emailChangeMail({ to, appUrl, token }: TokenLinkInput): OutgoingMail {
  return linkMail(to, {
    subject: 'Confirm your new Tessera email',
    lead: 'Someone asked to use this address for their Tessera account. Confirm the change by opening this link:',
    action: 'Confirm my new email',
    link: `${appUrl}/confirm-email-change?token=${encodeURIComponent(token)}`,
    note: 'The link is valid for 24 hours and works once. If you did not ask for it, you can ignore this email: nothing changes.',
  });
}

/** To the old address: the owner learns of the request, and can act if it was not theirs. */
export function emailChangeNoticeMail({
  to,
  appUrl,
  newEmail,
}: {
  to: string;
  appUrl: string;
  newEmail: string;
}): OutgoingMail {
  return linkMail(to, {
    subject: 'Your Tessera email is about to change',
    lead: `Someone asked to change the email of your Tessera account from ${to} to ${newEmail}. The change happens only once the link mailed to ${newEmail} is opened. If it was not you, someone knows your password: choose a new one now, which also signs everyone else out:`,
    action: 'Choose a new password',
    link: `${appUrl}/forgot-password`,
    note: 'If you asked for this change yourself, there is nothing to do here.',
  });
}

/**
 * The account changes mailed to its address as they happen (docs/contract.md section 4, Credential lifecycle); an
 * email change has its own notice, to the old address when it is asked for (emailChangeNoticeMail).
 */
export const SECURITY_NOTICES = {
  'passkey added': 'A passkey was added to your Tessera account',
  'two-factor on': 'Two-factor authentication was turned on for your Tessera account',
  'two-factor off': 'Two-factor authentication was turned off for your Tessera account',
  'password changed': 'The password of your Tessera account was changed',
} as const;
export type SecurityNotice = keyof typeof SECURITY_NOTICES;

/**
 * Tells the holder of the address that a way in was added or changed: if it was not them, a reset through this
 * mailbox retires every session and link (and a reclaim, every factor).
 */
export function securityNoticeMail({
  to,
  appUrl,
  notice,
}: {
  to: string;
  appUrl: string;
  notice: SecurityNotice;
}): OutgoingMail {
  return linkMail(to, {
    subject: SECURITY_NOTICES[notice],
    lead: `${SECURITY_NOTICES[notice]}. If it was not you, someone has access to your account: choose a new password now, which also signs everyone else out:`,
    action: 'Choose a new password',
    link: `${appUrl}/forgot-password`,
    note: 'If it was you, there is nothing to do here.',
  });
}

function linkMail(
  to: string,
  {
    subject: title,
    lead,
    action,
    link,
    note,
  }: { subject: string; lead: string; action: string; link: string; note: string },
): OutgoingMail {
  const subject = oneLine(title);
  const text = `${lead}\n\n${link}\n\n${note}\n\nTessera\n`;
  const html = [
    '<!doctype html>',
    '<html lang="en">',
    `<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body>',
    `<p>${escapeHtml(lead)}</p>`,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>`,
    `<p>If the link does not open, copy this address into your browser:<br>${escapeHtml(link)}</p>`,
    `<p>${escapeHtml(note)}</p>`,
    '<p>Tessera</p>',
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
