import type { CreatedWebhook, Webhook } from '@app/contract';
import { Webhook as WebhookIcon } from 'lucide-react';
import { useRef, useState } from 'react';

import { ConfirmDialog } from '@/components/confirm-dialog';
import { QueryPending } from '@/components/query-pending';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useDeleteWebhook } from '@/features/developers/api/delete-webhook';
import { useWebhooks } from '@/features/developers/api/get-webhooks';
import { CreateWebhookForm } from '@/features/developers/components/create-webhook-form';
import { LiveNotice } from '@/features/developers/components/live-notice';
import { SecretPanel } from '@/features/developers/components/secret-panel';
import { WebhookEndpoint } from '@/features/developers/components/webhook-endpoint';
import { getErrorText } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n/translation';

/**
 * The team's webhook endpoints (docs/contract.md section 4): each one's URL, events, on/off switch, test and
 * deliveries; a new endpoint's signing secret is shown once, with Copy; an endpoint is deleted after asking.
 * `canCreate`: whether the Add endpoint form shows (the account's email is verified).
 */
export function WebhooksCard({ tenantUuid, canCreate }: { tenantUuid: string; canCreate: boolean }) {
  const { t } = useTranslation('developers');
  const webhooks = useWebhooks(tenantUuid);
  const remove = useDeleteWebhook(tenantUuid);
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const onCreated = (webhook: CreatedWebhook) => {
    remove.reset();
    setCreated(webhook);
    setNotice(t('webhooks.added', { url: webhook.url }));
  };
  const confirmDelete = () => {
    if (!deleting) return;
    const { id, url } = deleting;
    setNotice(null);
    remove.mutate(id, {
      onSuccess: () => {
        setCreated((shown) => (shown?.id === id ? null : shown));
        setNotice(t('webhooks.deleted', { url }));
        // Its item, which held the focus, is gone: the card's heading takes it.
        headingRef.current?.focus();
      },
    });
  };

  return (
    <Card className="min-w-0">
      <CardHeader className="max-sm:px-4">
        <CardTitle asChild>
          <h2 ref={headingRef} tabIndex={-1} className="outline-none">
            {t('webhooks.title')}
          </h2>
        </CardTitle>
        <CardDescription>{t('webhooks.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 max-sm:px-4">
        <LiveNotice>{notice}</LiveNotice>
        {remove.isError && (
          <Alert variant="destructive">
            <AlertDescription>{getErrorText(remove.error, t('webhooks.deleteFailed'))}</AlertDescription>
          </Alert>
        )}
        {created && (
          <SecretPanel
            key={created.id}
            title={t('webhooks.secretTitle')}
            kind="signingSecret"
            secret={created.secret}
            onDone={() => setCreated(null)}
          />
        )}
        {!webhooks.isSuccess ? (
          <QueryPending query={webhooks} failure={t('webhooks.fetchFailed')} />
        ) : webhooks.data.length === 0 ? (
          <div className="grid justify-items-center gap-2 py-6 text-center">
            <WebhookIcon className="size-8 text-muted-foreground" aria-hidden="true" />
            <p className="font-medium">{t('webhooks.empty')}</p>
            <p className="max-w-md text-sm text-muted-foreground">{t('webhooks.emptyHint')}</p>
          </div>
        ) : (
          <ul
            aria-label={t('webhooks.list')}
            className="grid divide-y divide-border rounded-md border border-border"
          >
            {webhooks.data.map((webhook) => (
              <WebhookEndpoint
                key={webhook.id}
                tenantUuid={tenantUuid}
                webhook={webhook}
                isDeleting={remove.isPending && remove.variables === webhook.id}
                onDelete={() => setDeleting(webhook)}
              />
            ))}
          </ul>
        )}
        {canCreate && (
          <div className="border-t border-border pt-6">
            <CreateWebhookForm tenantUuid={tenantUuid} onCreated={onCreated} />
          </div>
        )}
      </CardContent>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t('webhooks.confirmTitle')}
        description={t('webhooks.confirmText', { url: deleting?.url ?? '' })}
        confirmLabel={t('webhooks.confirm')}
        onConfirm={confirmDelete}
      />
    </Card>
  );
}
