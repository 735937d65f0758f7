import type { Subscription } from '@app/contract';

import { Badge } from '@/components/ui/badge';
import { statusLabel } from '@/features/billing/utils/subscription-status';
import { cn } from '@/lib/cn';
import { useTranslation } from '@/lib/i18n/translation';

/** The docs/spec.md section 4 label of a team's subscription on a badge: paid in the accent, trouble in red. */
export function SubscriptionStatusBadge({ subscription }: { subscription: Subscription | null }) {
  const { t } = useTranslation('billing');
  const status = subscription?.status;
  const isTrouble = status === 'past_due' || status === 'unpaid' || status === 'incomplete';
  return (
    <Badge
      variant={
        status === 'active' ? 'default' : status === 'trialing' ? 'info' : isTrouble ? 'outline' : 'secondary'
      }
      className={cn(isTrouble && 'border-destructive/40 bg-destructive/5 text-destructive')}
    >
      {statusLabel(subscription, t)}
    </Badge>
  );
}
