import { Badge } from '@/components/ui/badge';
import { useTranslation } from '@/lib/i18n/translation';

/** Whether an account verified its email, and whether it is suspended (docs/contract.md section 4, Operators). */
export function UserStatusBadges({ isVerified, isSuspended }: { isVerified: boolean; isSuspended: boolean }) {
  const { t } = useTranslation('admin');
  return (
    <span className="flex flex-wrap gap-1.5">
      <Badge variant={isVerified ? 'info' : 'outline'}>
        {isVerified ? t('userStatus.verified') : t('userStatus.unverified')}
      </Badge>
      {isSuspended && <Badge variant="destructive">{t('userStatus.suspended')}</Badge>}
    </span>
  );
}
