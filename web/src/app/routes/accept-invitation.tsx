import { useParams } from 'react-router';

import { InvitationAcceptance } from '@/features/invitations/components/invitation-acceptance';

/** Open to anyone (docs/spec.md section 2): the link in the invitation mail lands here, signed in or not. */
export default function AcceptInvitationRoute() {
  const { token = '' } = useParams();
  // A new token (another mail's link) starts over.
  return <InvitationAcceptance key={token} token={token} />;
}
