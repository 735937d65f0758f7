import { AddDomainBodySchema, type Domain } from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import type { UseQueryResult } from '@tanstack/react-query';
import { Globe } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';

import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyState } from '@/components/empty-state';
import { ErrorAlert } from '@/components/error-alert';
import { QueryPending } from '@/components/query-pending';
import { SignInAgain } from '@/components/sign-in-again';
import { SubmitButton } from '@/components/submit-button';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { useAddDomain } from '@/features/security/api/add-domain';
import { useDomains } from '@/features/security/api/get-domains';
import { useRemoveDomain } from '@/features/security/api/remove-domain';
import { useVerifyDomain } from '@/features/security/api/verify-domain';
import { useTranslation } from '@/lib/i18n/translation';

/** The kind of DNS record that proves a domain: a protocol word, the same in every language. */
const RECORD_TYPE = 'TXT';

/**
 * The team's domains (docs/contract.md section 4, Enterprise identity): each with the TXT record to publish and a
 * Verify button until it is verified; Add domain; Remove after asking. What the server refuses (the plan, a sign-in
 * too old, a record not there yet) is said where it happened.
 */
export function DomainsCard({ tenantUuid }: { tenantUuid: string }) {
  const { t } = useTranslation('security');
  const domains = useDomains(tenantUuid);
  const remove = useRemoveDomain(tenantUuid);
  const [removing, setRemoving] = useState<Domain | null>(null);

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('domains.title')}</CardTitle>
        <CardDescription>{t('domains.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {domains.isSuccess ? (
          <>
            {remove.isError && <Refusal error={remove.error} fallback={t('domains.removeFailed')} />}
            {domains.data.length === 0 ? (
              <EmptyState icon={Globe} title={t('domains.empty')} hint={t('domains.emptyHint')} />
            ) : (
              <ul
                aria-label={t('domains.list')}
                className="grid divide-y divide-border rounded-md border border-border"
              >
                {domains.data.map((domain) => (
                  <DomainRow
                    key={domain.id}
                    tenantUuid={tenantUuid}
                    domain={domain}
                    isRemoving={remove.isPending && remove.variables === domain.id}
                    onRemove={() => setRemoving(domain)}
                  />
                ))}
              </ul>
            )}
            <AddDomainForm tenantUuid={tenantUuid} />
          </>
        ) : (
          <CardPending query={domains} failure={t('domains.fetchFailed')} />
        )}
      </CardContent>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t('domains.confirmTitle')}
        description={removing ? t('domains.confirmText', { domain: removing.domain }) : ''}
        confirmLabel={t('domains.confirm')}
        onConfirm={() => {
          if (removing) remove.mutate(removing.id);
          setRemoving(null);
        }}
      />
    </Card>
  );
}

function DomainRow({
  tenantUuid,
  domain,
  isRemoving,
  onRemove,
}: {
  tenantUuid: string;
  domain: Domain;
  isRemoving: boolean;
  onRemove: () => void;
}) {
  const { t } = useTranslation('security');
  const verify = useVerifyDomain(tenantUuid);
  return (
    <li className="grid gap-3 p-3 sm:p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium [overflow-wrap:anywhere]">{domain.domain}</span>
          <Badge variant={domain.verified ? 'default' : 'secondary'}>
            {domain.verified ? t('domain.verified') : t('domain.unverified')}
          </Badge>
        </p>
        <div className="flex flex-wrap gap-2">
          {!domain.verified && (
            <SubmitButton
              type="button"
              size="sm"
              className="w-auto"
              isPending={verify.isPending}
              pendingText={t('domain.verifying')}
              onClick={() => verify.mutate(domain.id)}
              aria-label={t('domain.verifyLabel', { domain: domain.domain })}
            >
              {t('domain.verify')}
            </SubmitButton>
          )}
          <Button
            variant="outline"
            size="sm"
            className="text-destructive"
            disabled={isRemoving}
            aria-label={t('domain.removeLabel', { domain: domain.domain })}
            onClick={onRemove}
          >
            {t('domain.remove')}
          </Button>
        </div>
      </div>
      {!domain.verified && (
        <div className="grid gap-2 text-sm">
          <p className="text-muted-foreground">{t('domain.publish')}</p>
          <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_minmax(0,1fr)]">
            <dt className="text-muted-foreground">{t('domain.recordName')}</dt>
            <dd>
              <code className="rounded-sm bg-muted px-1.5 py-0.5 font-mono text-xs select-all [overflow-wrap:anywhere]">
                {domain.txt_name}
              </code>
            </dd>
            <dt className="text-muted-foreground">{t('domain.recordType')}</dt>
            <dd>
              <code className="font-mono text-xs">{RECORD_TYPE}</code>
            </dd>
            <dt className="text-muted-foreground">{t('domain.recordValue')}</dt>
            <dd>
              <code className="rounded-sm bg-muted px-1.5 py-0.5 font-mono text-xs select-all [overflow-wrap:anywhere]">
                {domain.txt_value}
              </code>
            </dd>
          </dl>
          {verify.isError && <Refusal error={verify.error} fallback={t('domain.verifyFailed')} />}
        </div>
      )}
    </li>
  );
}

function AddDomainForm({ tenantUuid }: { tenantUuid: string }) {
  const { t } = useTranslation('security');
  const add = useAddDomain(tenantUuid);
  const form = useForm({ resolver: zodResolver(AddDomainBodySchema), defaultValues: { domain: '' } });
  const onSubmit = form.handleSubmit((body) => add.mutate(body, { onSuccess: () => form.reset() }));
  return (
    <Form {...form}>
      <form noValidate className="grid gap-4" onSubmit={onSubmit} aria-label={t('addDomain.title')}>
        {add.isError && <Refusal error={add.error} fallback={t('addDomain.failed')} />}
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <FormField
            control={form.control}
            name="domain"
            render={({ field }) => (
              <FormItem className="sm:w-80">
                <FormLabel>{t('addDomain.label')}</FormLabel>
                <FormControl>
                  <Input placeholder="example.com" autoComplete="off" spellCheck={false} {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <SubmitButton
            isPending={add.isPending}
            pendingText={t('addDomain.adding')}
            className="w-full sm:mt-[1.375rem] sm:w-auto"
          >
            {t('addDomain.submit')}
          </SubmitButton>
        </div>
      </form>
    </Form>
  );
}

/**
 * A card's content until its query answers: the spinner, or the failure and, when a sign-in too old is why, the way
 * to a fresh one.
 */
export function CardPending({ query, failure }: { query: UseQueryResult; failure: string }) {
  return (
    <div className="grid gap-2">
      <QueryPending query={query} failure={failure} />
      {query.isError && <SignInAgain error={query.error} />}
    </div>
  );
}

/** A change the server refused, and the way to a fresh sign-in when that is why. */
export function Refusal({ error, fallback }: { error: unknown; fallback: string }) {
  return (
    <div className="grid gap-2">
      <ErrorAlert error={error} fallback={fallback} />
      <SignInAgain error={error} />
    </div>
  );
}
