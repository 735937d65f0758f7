import { SaveSsoBodySchema, type SsoConnection } from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';

import { ConfirmDialog } from '@/components/confirm-dialog';
import { SubmitButton } from '@/components/submit-button';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { useStartSso } from '@/features/auth/api/sso';
import { CardPending, Refusal } from '@/features/security/components/domains-card';
import { useRemoveSso, useSaveSso, useSso } from '@/features/security/api/sso';
import { useTranslation } from '@/lib/i18n/translation';
import { useSession } from '@/lib/session/use-session';

/**
 * The team's single sign-on (docs/contract.md section 4, Enterprise identity): its OpenID Connect provider, the
 * redirect URI to register there, whether people can sign in through it yet, a test sign-in, change and remove.
 */
export function SsoCard({ tenantUuid }: { tenantUuid: string }) {
  const { t } = useTranslation('security');
  const sso = useSso(tenantUuid);
  const [isEditing, setIsEditing] = useState(false);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('sso.title')}</CardTitle>
        <CardDescription>{t('sso.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {sso.isSuccess ? (
          sso.data === null || isEditing ? (
            <SsoForm tenantUuid={tenantUuid} current={sso.data} onDone={() => setIsEditing(false)} />
          ) : (
            <SsoSummary tenantUuid={tenantUuid} sso={sso.data} onChange={() => setIsEditing(true)} />
          )
        ) : (
          <CardPending query={sso} failure={t('sso.fetchFailed')} />
        )}
      </CardContent>
    </Card>
  );
}

function SsoSummary({
  tenantUuid,
  sso,
  onChange,
}: {
  tenantUuid: string;
  sso: SsoConnection;
  onChange: () => void;
}) {
  const { t } = useTranslation('security');
  const { email } = useSession();
  const remove = useRemoveSso(tenantUuid);
  const test = useStartSso();
  const [isConfirming, setIsConfirming] = useState(false);
  return (
    <div className="grid gap-4">
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
        <dt className="text-muted-foreground">{t('sso.status')}</dt>
        <dd>
          <Badge variant={sso.enabled ? 'default' : 'secondary'}>
            {sso.enabled ? t('sso.enabled') : t('sso.waitingForDomain')}
          </Badge>
        </dd>
        <dt className="text-muted-foreground">{t('sso.issuer')}</dt>
        <dd className="[overflow-wrap:anywhere]">{sso.issuer}</dd>
        <dt className="text-muted-foreground">{t('sso.clientId')}</dt>
        <dd className="[overflow-wrap:anywhere]">{sso.client_id}</dd>
        <dt className="text-muted-foreground">{t('sso.redirectUri')}</dt>
        <dd>
          <code className="rounded-sm bg-muted px-1.5 py-0.5 font-mono text-xs select-all [overflow-wrap:anywhere]">
            {sso.redirect_uri}
          </code>
        </dd>
      </dl>
      {!sso.enabled && <p className="text-sm text-muted-foreground">{t('sso.enableHint')}</p>}
      {remove.isError && <Refusal error={remove.error} fallback={t('sso.removeFailed')} />}
      {test.isError && <Refusal error={test.error} fallback={t('sso.testFailed')} />}
      <div className="flex flex-wrap gap-2">
        {sso.enabled && email && (
          <SubmitButton
            type="button"
            size="sm"
            className="w-auto"
            isPending={test.isPending || test.isSuccess}
            pendingText={t('sso.testing')}
            onClick={() => test.mutate({ email })}
          >
            {t('sso.test')}
          </SubmitButton>
        )}
        <Button variant="outline" size="sm" onClick={onChange}>
          {t('sso.change')}
        </Button>
        <Button
          variant="outline"
          size="sm"
          className="text-destructive"
          disabled={remove.isPending}
          onClick={() => setIsConfirming(true)}
        >
          {t('sso.remove')}
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">{t('sso.testHint')}</p>
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setIsConfirming}
        title={t('sso.confirmTitle')}
        description={t('sso.confirmText')}
        confirmLabel={t('sso.confirm')}
        onConfirm={() => {
          remove.mutate();
          setIsConfirming(false);
        }}
      />
    </div>
  );
}

function SsoForm({
  tenantUuid,
  current,
  onDone,
}: {
  tenantUuid: string;
  current: SsoConnection | null;
  onDone: () => void;
}) {
  const { t } = useTranslation('security');
  const save = useSaveSso(tenantUuid);
  const form = useForm({
    resolver: zodResolver(SaveSsoBodySchema),
    // The secret is never sent back: changing the provider means typing it again.
    defaultValues: { issuer: current?.issuer ?? '', client_id: current?.client_id ?? '', client_secret: '' },
  });
  const onSubmit = form.handleSubmit((body) => save.mutate(body, { onSuccess: onDone }));
  return (
    <Form {...form}>
      <form noValidate className="grid gap-4" onSubmit={onSubmit} aria-label={t('sso.formTitle')}>
        {save.isError && <Refusal error={save.error} fallback={t('sso.saveFailed')} />}
        <FormField
          control={form.control}
          name="issuer"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t('sso.issuer')}</FormLabel>
              <FormControl>
                <Input
                  type="url"
                  placeholder="https://login.example.com"
                  autoComplete="off"
                  spellCheck={false}
                  {...field}
                />
              </FormControl>
              <FormDescription>{t('sso.issuerHint')}</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            control={form.control}
            name="client_id"
            render={({ field }) => (
              <FormItem>
                <FormLabel>{t('sso.clientId')}</FormLabel>
                <FormControl>
                  <Input autoComplete="off" spellCheck={false} {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="client_secret"
            render={({ field }) => (
              <FormItem>
                <FormLabel>{t('sso.clientSecret')}</FormLabel>
                <FormControl>
                  <Input type="password" autoComplete="new-password" {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
        </div>
        <div className="flex flex-wrap gap-2">
          <SubmitButton isPending={save.isPending} pendingText={t('sso.saving')} className="w-full sm:w-auto">
            {t('sso.save')}
          </SubmitButton>
          {current && (
            <Button type="button" variant="outline" onClick={onDone}>
              {t('sso.cancel')}
            </Button>
          )}
        </div>
      </form>
    </Form>
  );
}
