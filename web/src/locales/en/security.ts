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
  addDomain: {
    title: 'Add a domain',
    label: 'Domain',
    submit: 'Add domain',
    adding: 'Adding…',
    failed: 'Failed to add the domain',
  },
};
