import type { CreatedWebhook, Webhook } from '@app/contract';
import { Webhook as WebhookIcon } from 'lucide-react';

import { useDeleteWebhook } from '@/features/developers/api/delete-webhook';
import { useWebhooks } from '@/features/developers/api/get-webhooks';
import { CreateWebhookForm } from '@/features/developers/components/create-webhook-form';
import { CredentialsCard } from '@/features/developers/components/credentials-card';
import { WebhookEndpoint } from '@/features/developers/components/webhook-endpoint';
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
  return (
    <CredentialsCard<Webhook, CreatedWebhook>
      title={t('webhooks.title')}
      description={t('webhooks.description')}
      query={webhooks}
      removal={remove}
      texts={{
        fetchFailed: t('webhooks.fetchFailed'),
        removeFailed: t('webhooks.deleteFailed'),
        list: t('webhooks.list'),
        empty: t('webhooks.empty'),
        emptyHint: t('webhooks.emptyHint'),
        created: (webhook) => t('webhooks.added', { url: webhook.url }),
        removed: (webhook) => t('webhooks.deleted', { url: webhook.url }),
        confirmTitle: t('webhooks.confirmTitle'),
        confirmText: (webhook) => t('webhooks.confirmText', { url: webhook.url }),
        confirmLabel: t('webhooks.confirm'),
      }}
      emptyIcon={WebhookIcon}
      secretOf={(webhook) => ({
        title: t('webhooks.secretTitle'),
        kind: 'signingSecret',
        secret: webhook.secret,
      })}
      renderItem={(webhook, { isRemoving, onRemove }) => (
        <WebhookEndpoint
          key={webhook.id}
          tenantUuid={tenantUuid}
          webhook={webhook}
          isDeleting={isRemoving}
          onDelete={onRemove}
        />
      )}
      createForm={
        canCreate ? (onCreated) => <CreateWebhookForm tenantUuid={tenantUuid} onCreated={onCreated} /> : null
      }
    />
  );
}
