import { planLimitMessage } from '@app/contract';
import { Link } from 'react-router';

import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { type ApiError, hasErrorCode } from '@/lib/api-error';
import { errorText } from '@/lib/i18n/messages';
import { useTranslation } from '@/lib/i18n/translation';

/**
 * A refusal for the team's plan (402 `plan_limit`, docs/contract.md section 4): shown with a way to upgrade, not as a
 * failure. A refused card is a 402 too, and is not one.
 */
export const isPlanLimitError = (error: unknown): error is ApiError & { detail: string } =>
  hasErrorCode(error, 'plan_limit') && !!error.detail;

/** What the server would answer an addition beyond `limit` (the page knows the team is full), in the user's language. */
export const planLimitText = (limit: number, what: 'members' | 'items') =>
  errorText({
    code: 'plan_limit',
    params: { reason: what, count: limit },
    detail: planLimitMessage(limit, what),
  });

/** "Your plan allows N members. Upgrade to add more." with an Upgrade link to /subscription. */
export function PlanLimitNotice({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <Alert variant="destructive">
      <AlertDescription className="flex flex-wrap items-center justify-between gap-3">
        <span>{text}</span>
        <Button asChild size="sm">
          <Link to={paths.app.subscription.getHref()}>{t('planLimit.upgrade')}</Link>
        </Button>
      </AlertDescription>
    </Alert>
  );
}
