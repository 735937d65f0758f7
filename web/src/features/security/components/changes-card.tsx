import { MAX_PAGE_SIZE } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { History } from 'lucide-react';

import { EmptyState } from '@/components/empty-state';
import { QueryPending } from '@/components/query-pending';
import { TextLink } from '@/components/text-link';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { actionLabel } from '@/features/activity/components/action-labels';
import { apiFetchPage } from '@/lib/api-client';
import { useFormat } from '@/lib/i18n/format';
import { useTranslation } from '@/lib/i18n/translation';
import { tenantQueryKey } from '@/lib/session/tenant-query-key';

/** What changes how the team signs in (docs/contract.md section 4): the entries this page's changes write. */
const SIGN_IN_CHANGES = /^(domain|sso|security|scim)\./;
const SHOWN = 8;

/**
 * The latest changes of the team's domains, single sign-on, rules and SCIM token, from its activity log (its newest
 * page), with the way to the whole log.
 */
export function ChangesCard({ tenantUuid }: { tenantUuid: string }) {
  const { t } = useTranslation('security');
  const { t: tActivity } = useTranslation('activity');
  const format = useFormat();
  const log = useQuery({
    queryKey: tenantQueryKey(tenantUuid, 'security', 'changes'),
    queryFn: ({ signal }) =>
      apiFetchPage('listActivity', { tenantUuid, signal, query: { limit: MAX_PAGE_SIZE } }),
  });
  const changes = log.data?.items.filter((entry) => SIGN_IN_CHANGES.test(entry.action)).slice(0, SHOWN);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('changes.title')}</CardTitle>
        <CardDescription>{t('changes.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {changes ? (
          changes.length === 0 ? (
            <EmptyState icon={History} title={t('changes.empty')} hint={t('changes.emptyHint')} />
          ) : (
            <ul
              aria-label={t('changes.title')}
              className="grid divide-y divide-border rounded-md border border-border"
            >
              {changes.map((entry) => (
                <li
                  key={entry.uuid}
                  className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 p-3 text-sm"
                >
                  <span className="min-w-0 [overflow-wrap:anywhere]">
                    <span className="font-medium">{actionLabel(entry.action, tActivity)}</span>
                    {entry.target && <span className="text-muted-foreground"> · {entry.target}</span>}
                  </span>
                  <span className="text-muted-foreground">
                    {entry.actor_email ?? t('changes.byTessera')} ·{' '}
                    <time dateTime={entry.created_at}>{format.dateTime(entry.created_at)}</time>
                  </span>
                </li>
              ))}
            </ul>
          )
        ) : (
          <QueryPending query={log} failure={t('changes.fetchFailed')} />
        )}
        <TextLink to={paths.app.activity.getHref()} className="justify-self-start text-sm">
          {t('changes.all')}
        </TextLink>
      </CardContent>
    </Card>
  );
}
