// The mails in English (docs/contract.md section 3, Email); locales/de.ts has the same keys.
const en = {
  signOff: 'Tessera',
  linkFallback: 'If the link does not open, copy this address into your browser:',
  verification: {
    subject: 'Verify your Tessera email',
    lead: 'Welcome to Tessera! Confirm your email address by opening this link:',
    action: 'Verify my email',
    note: 'The link is valid for 24 hours and works once. If you did not create a Tessera account, you can ignore this email.',
  },
  passwordReset: {
    subject: 'Reset your Tessera password',
    lead: 'Someone asked to reset the password of your Tessera account. Choose a new password by opening this link:',
    action: 'Choose a new password',
    note: 'The link is valid for 1 hour and works once. If you did not ask for it, you can ignore this email: your password stays as it is.',
  },
  invitation: {
    subject: ({ teamName }: { teamName: string }) => `You are invited to join ${teamName} on Tessera`,
    lead: ({ teamName, inviterEmail }: { teamName: string; inviterEmail: string }) =>
      `${inviterEmail} invited you to join the team "${teamName}" on Tessera. Accept the invitation by opening this link:`,
    action: ({ teamName }: { teamName: string }) => `Join ${teamName}`,
    note: 'The link is valid for 7 days and works once. If you do not know this team, you can ignore this email.',
  },
  emailChange: {
    subject: 'Confirm your new Tessera email',
    lead: 'Someone asked to use this address for their Tessera account. Confirm the change by opening this link:',
    action: 'Confirm my new email',
    note: 'The link is valid for 24 hours and works once. If you did not ask for it, you can ignore this email: nothing changes.',
  },
  emailChangeNotice: {
    subject: 'Your Tessera email is about to change',
    lead: ({ oldEmail, newEmail }: { oldEmail: string; newEmail: string }) =>
      `Someone asked to change the email of your Tessera account from ${oldEmail} to ${newEmail}. The change happens only once the link mailed to ${newEmail} is opened. If it was not you, someone knows your password: choose a new one now, which also signs everyone else out:`,
    action: 'Choose a new password',
    note: 'If you asked for this change yourself, there is nothing to do here.',
  },
  securityNotice: {
    subjects: {
      'passkey added': 'A passkey was added to your Tessera account',
      'two-factor on': 'Two-factor authentication was turned on for your Tessera account',
      'two-factor off': 'Two-factor authentication was turned off for your Tessera account',
      'password changed': 'The password of your Tessera account was changed',
      'single sign-on linked': "Your team's single sign-on was linked to your Tessera account",
    },
    lead: ({ notice }: { notice: string }) =>
      `${notice}. If it was not you, someone has access to your account: choose a new password now, which also signs everyone else out:`,
    action: 'Choose a new password',
    note: 'If it was you, there is nothing to do here.',
  },
  keysRevoked: {
    subject: 'API keys you made on Tessera were revoked',
    causes: {
      'password reset': 'the password of your account was reset',
      'password changed': 'the password of your account was changed',
      'other sessions ended': 'your other sessions were signed out',
      'email changed': 'the email of your account was changed',
      'email changed to a listed address': 'the email of your account was changed',
      suspended: 'your account was suspended',
    },
    lead: ({ cause, keys }: { cause: string; keys: string }) =>
      `Because ${cause}, the API keys you made stopped working: ${keys}. Whoever held them can no longer use them. If you still need a key, make a new one on the Developers page:`,
    key: ({ name, team }: { name: string; team: string }) => `"${name}" (${team})`,
    action: 'Open the Developers page',
    note: 'If you did not do this yourself, choose a new password now.',
  },
  teamSignInNotice: {
    subject: ({ team }: { team: string }) => `How members sign in to ${team} on Tessera changed`,
    changes: {
      'domain.added': 'A domain was added',
      'domain.verified': 'A domain was verified',
      'domain.removed': 'A domain was removed',
      'sso.updated': 'Single sign-on was set up',
      'sso.removed': 'Single sign-on was removed',
      'security.updated': 'The security rules were changed',
      'scim.token_created': 'A SCIM token was created',
      'scim.token_revoked': 'The SCIM token was revoked',
    },
    lead: ({
      change,
      target,
      team,
      actor,
    }: {
      change: string;
      target: string;
      team: string;
      actor: string;
    }) =>
      `${change} (${target}) in your team "${team}", by ${actor}. A team's domains, single sign-on and security rules decide how its members sign in. If you did not expect this change, review the team's Security page:`,
    action: 'Open the Security page',
    note: 'You receive this because you own the team.',
  },
};

/**
 * The texts of every mail in one language, this catalogue's shape; another language's catalogue is typed by it, so a
 * key it lacks, or a text it takes other values in, fails the build. Declared here, below the templates that use it.
 */
export type MailCatalogue = typeof en;

export default en;
