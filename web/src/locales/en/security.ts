export default {
  page: {
    title: 'Security',
    managersOnly: 'Only admins and the owner can manage how members sign in to the team.',
  },
  domains: {
    title: 'Domains',
    description:
      'Prove that your company holds a domain, so that single sign-on and your directory can trust addresses on it. Needs the Business plan.',
    list: 'Domains',
    empty: 'No domains yet',
    emptyHint: 'Add the domain of your company’s email addresses, then publish the DNS record shown for it.',
    fetchFailed: 'Failed to load the domains',
    removeFailed: 'Failed to remove the domain',
    confirmTitle: 'Remove this domain?',
    confirmText:
      '{domain} is no longer the team’s: single sign-on stops trusting its addresses, and another team may verify it.',
    confirm: 'Remove domain',
  },
  domain: {
    verified: 'Verified',
    unverified: 'Not verified',
    verify: 'Verify',
    verifying: 'Checking…',
    verifyLabel: 'Verify {domain}',
    verifyFailed: 'Failed to verify the domain',
    remove: 'Remove',
    removeLabel: 'Remove {domain}',
    publish:
      'Publish this DNS record at your DNS provider, then press Verify. It can take a few minutes to be seen.',
    recordName: 'Name',
    recordType: 'Type',
    recordValue: 'Value',
  },
  sso: {
    title: 'Single sign-on',
    description:
      'Let members sign in through your company’s identity provider (OpenID Connect: Okta, Entra ID, Google Workspace and others). Addresses on your verified domains sign in through it. Needs the Business plan.',
    formTitle: 'Single sign-on provider',
    fetchFailed: 'Failed to load single sign-on',
    status: 'Status',
    enabled: 'On',
    waitingForDomain: 'Waiting for a verified domain',
    enableHint: 'Verify a domain above: people whose addresses are on it then sign in through this provider.',
    issuer: 'Issuer URL',
    issuerHint:
      'Exactly as your provider names itself, such as https://your-company.okta.com. Tenant-wide issuers (Entra ID’s /common) are refused.',
    clientId: 'Client ID',
    clientSecret: 'Client secret',
    redirectUri: 'Redirect URI',
    save: 'Save provider',
    saving: 'Checking the provider…',
    saveFailed: 'Failed to save single sign-on',
    cancel: 'Cancel',
    change: 'Change',
    remove: 'Remove',
    removeFailed: 'Failed to remove single sign-on',
    test: 'Test sign-in',
    testing: 'Opening your provider…',
    testFailed: 'The test sign-in could not start',
    testHint:
      'Test sign-in signs you in again through the provider, if your own address is on a verified domain.',
    confirmTitle: 'Remove single sign-on?',
    confirmText:
      'Members can no longer sign in through your provider. Those without a password set one through Forgot password.',
    confirm: 'Remove single sign-on',
  },
  rules: {
    title: 'Security rules',
    description:
      'What the team asks of its members’ sessions. API keys are not affected, and single sign-on never holds the team’s owner.',
    fetchFailed: 'Failed to load the security rules',
    failed: 'Failed to change the rule',
    twoFactorOn: 'Two-factor authentication is now required.',
    twoFactorOff: 'Two-factor authentication is no longer required.',
    ssoOn: 'Single sign-on is now required.',
    ssoOff: 'Single sign-on is no longer required.',
    twoFactor: 'Require two-factor authentication',
    twoFactorText:
      'Members reach the team only from a session that passed a second factor (an authenticator app or a passkey). Those without one are led to set one up.',
    withoutSecondFactor:
      '{count, plural, =0 {Every member has a second factor.} one {# member has no second factor yet.} other {# members have no second factor yet.}}',
    sso: 'Require single sign-on',
    ssoText:
      'Members on your verified domains, and those who joined through single sign-on, reach the team only through your provider. The owner can always sign in as usual.',
    heldBySso:
      '{count, plural, =0 {No member is on your verified domains yet.} one {# member will sign in through single sign-on.} other {# members will sign in through single sign-on.}}',
    ssoNotReady: 'Set up single sign-on and verify a domain to turn this on.',
  },
  changes: {
    title: 'Recent changes',
    description:
      'Who changed the team’s domains, single sign-on and rules, and when. The owner is mailed each change.',
    empty: 'No changes yet',
    emptyHint: 'Adding a domain, setting up single sign-on or turning a rule on is recorded here.',
    fetchFailed: 'Failed to load the recent changes',
    byTessera: 'Tessera',
    all: 'See the whole activity log',
  },
  addDomain: {
    title: 'Add a domain',
    label: 'Domain',
    submit: 'Add domain',
    adding: 'Adding…',
    failed: 'Failed to add the domain',
  },
};
