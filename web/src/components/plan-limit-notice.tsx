import { Link } from 'react-router';

import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { type ApiError, hasErrorCode } from '@/lib/api-error';
import { translateMessage } from '@/lib/i18n/messages';
import { useTranslation } from '@/lib/i18n/translation';

/**
 * A refusal for the team's plan (402 `plan_limit`, docs/contract.md section 4): shown with a way to upgrade, not as a
 * failure. A refused card is a 402 too, and is not one.
 */
export const isPlanLimitError = (error: unknown): error is ApiError & { detail: string } =>
  hasErrorCode(error, 'plan_limit') && !!error.detail;

/** "Your plan allows N members. Upgrade to add more." with an Upgrade link to /subscription. */
export function PlanLimitNotice({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <Alert variant="destructive">
      <AlertDescription className="flex flex-wrap items-center justify-between gap-3">
        <span>{translateMessage(message)}</span>
        <Button asChild size="sm">
          <Link to={paths.app.subscription.getHref()}>{t('planLimit.upgrade')}</Link>
        </Button>
      </AlertDescription>
    </Alert>
  );
}
