import { Badge } from '@/components/ui/badge';

/** Whether an account verified its email, and whether it is suspended (docs/contract.md section 4, Operators). */
export function UserStatusBadges({ isVerified, isSuspended }: { isVerified: boolean; isSuspended: boolean }) {
  return (
    <span className="flex flex-wrap gap-1.5">
      <Badge variant={isVerified ? 'info' : 'outline'}>{isVerified ? 'Verified' : 'Unverified'}</Badge>
      {isSuspended && <Badge variant="destructive">Suspended</Badge>}
    </span>
  );
}
