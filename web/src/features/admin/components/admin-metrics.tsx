import type { AdminMetrics as Metrics } from '@app/contract';
import type { ReactNode } from 'react';

import { ErrorAlert } from '@/components/error-alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useAdminMetrics } from '@/features/admin/api/get-admin-metrics';
import { SignupsChart } from '@/features/admin/components/signups-chart';
import { cn } from '@/lib/cn';
import { useFormat } from '@/lib/i18n/format';
import { useTranslation } from '@/lib/i18n/translation';

/** What MRR reads as while no team pays: nothing, in dollars. */
const NO_MRR_CURRENCY = 'usd';

/** The top of /admin (docs/contract.md section 4, Operators): the business's figures and the last 30 days' sign-ups. */
export function AdminMetrics() {
  const { t } = useTranslation('admin');
  const metrics = useAdminMetrics();

  if (metrics.isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner className="size-8 text-primary" />
      </div>
    );
  }
  if (metrics.isError) {
    return <ErrorAlert error={metrics.error} fallback={t('fetchFailed')} />;
  }
  return <MetricsContent metrics={metrics.data} />;
}

function MetricsContent({ metrics }: { metrics: Metrics }) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const signups = metrics.signups_by_day.reduce((sum, day) => sum + day.count, 0);
  const verifiedShare =
    metrics.users > 0
      ? t('metrics.verifiedShare', { percent: Math.round((metrics.verified_users / metrics.users) * 100) })
      : undefined;

  return (
    <>
      <section aria-labelledby="admin-figures">
        <h2 id="admin-figures" className="sr-only">
          {t('metrics.figures')}
        </h2>
        <dl className="grid grid-cols-2 gap-4 md:grid-cols-3 xl:grid-cols-5">
          <Figure label={t('metrics.teams')}>{format.count(metrics.teams)}</Figure>
          <Figure label={t('metrics.users')}>{format.count(metrics.users)}</Figure>
          <Figure label={t('metrics.verifiedUsers')} note={verifiedShare}>
            {format.count(metrics.verified_users)}
          </Figure>
          <Figure label={t('metrics.activeSubscriptions')}>
            {format.count(metrics.active_subscriptions)}
          </Figure>
          <Figure
            label={t('metrics.mrr')}
            note={metrics.mrr.length === 0 ? t('metrics.noPayingTeams') : t('metrics.perMonth')}
            className="col-span-2 md:col-span-1"
          >
            {metrics.mrr.length === 0 ? (
              format.money(0, NO_MRR_CURRENCY)
            ) : (
              <ul className="grid gap-0.5">
                {metrics.mrr.map(({ currency, amount }) => (
                  <li key={currency}>{format.money(amount, currency)}</li>
                ))}
              </ul>
            )}
          </Figure>
        </dl>
      </section>
      <Card>
        <CardHeader className="max-sm:px-4">
          <CardTitle asChild>
            <h2>{t('metrics.signupsTitle')}</h2>
          </CardTitle>
          <CardDescription>
            {t('metrics.signupsSummary', { count: signups, total: format.count(signups) })}
          </CardDescription>
        </CardHeader>
        <CardContent className="max-sm:px-4">
          <SignupsChart days={metrics.signups_by_day} />
        </CardContent>
      </Card>
    </>
  );
}

type FigureProps = { label: string; note?: string; className?: string; children: ReactNode };

function Figure({ label, note, className, children }: FigureProps) {
  return (
    <div
      className={cn(
        'grid content-start gap-1 rounded-xl border border-border bg-card p-4 shadow-sm',
        className,
      )}
    >
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-xl font-semibold tracking-tight tabular-nums">{children}</dd>
      {note && <dd className="text-xs text-muted-foreground">{note}</dd>}
    </div>
  );
}
