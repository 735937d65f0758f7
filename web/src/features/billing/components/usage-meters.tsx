import type { UsageMeter } from '@app/contract';

import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useUsage } from '@/features/billing/api/get-usage';
import { getErrorText } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import type { TFunction } from '@/lib/i18n/translation';
import { useTranslation } from '@/lib/i18n/translation';

/** The Plan usage card of /subscription and the dashboard (docs/contract.md section 4): members and items. */
export function UsageMeters({ tenantUuid }: { tenantUuid: string }) {
  const { t } = useTranslation('billing');
  const usage = useUsage(tenantUuid);

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{t('usage.title')}</h2>
        </CardTitle>
        <CardDescription>
          {t(usage.data?.plan_id === null ? 'usage.freePlanNote' : 'usage.note')}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {usage.isPending ? (
          <div className="flex justify-center py-4">
            <Spinner className="size-6 text-primary" />
          </div>
        ) : usage.isError ? (
          <Alert variant="destructive">
            <AlertDescription className="flex flex-wrap items-center gap-3">
              {getErrorText(usage.error, t('errors.loadUsage'))}
              <Button variant="outline" size="sm" onClick={() => void usage.refetch()}>
                {t('errors.tryAgain')}
              </Button>
            </AlertDescription>
          </Alert>
        ) : (
          <div className="grid gap-5">
            <Meter label={t('usage.members')} unit="members" meter={usage.data.members} />
            <Meter label={t('usage.items')} unit="items" meter={usage.data.items} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** "4 of 5 members", or "12 items · Unlimited" where the plan sets no limit. */
export function usageText({ used, limit }: UsageMeter, unit: Unit, t: TFunction<'billing'>): string {
  if (unit === 'members') {
    return limit === null
      ? t('usage.membersUnlimited', { used })
      : t('usage.membersOfLimit', { used, limit });
  }
  return limit === null ? t('usage.itemsUnlimited', { used }) : t('usage.itemsOfLimit', { used, limit });
}

type Unit = 'members' | 'items';

function Meter({ label, unit, meter }: { label: string; unit: Unit; meter: UsageMeter }) {
  const { t } = useTranslation('billing');
  const text = usageText(meter, unit, t);
  const full = meter.limit !== null && meter.used >= meter.limit;
  // Over the limit after a downgrade: the bar stays full, the text says by how much.
  const percent = meter.limit === null ? 0 : Math.min(100, (meter.used / Math.max(meter.limit, 1)) * 100);

  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
        <span className="font-medium">{label}</span>
        <span className={cn('text-muted-foreground', full && 'font-medium text-destructive')}>{text}</span>
      </div>
      {meter.limit !== null && (
        <div
          role="progressbar"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={meter.limit}
          aria-valuenow={Math.min(meter.used, meter.limit)}
          aria-valuetext={text}
          className="h-2 overflow-hidden rounded-full bg-muted"
        >
          <div
            className={cn('h-full rounded-full', full ? 'bg-destructive' : 'bg-primary')}
            style={{ width: `${percent}%` }}
          />
        </div>
      )}
    </div>
  );
}
