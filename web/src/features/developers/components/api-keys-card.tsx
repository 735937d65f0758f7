import type { ApiKey, CreatedApiKey } from '@app/contract';
import { KeyRound } from 'lucide-react';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useApiKeys } from '@/features/developers/api/get-api-keys';
import { useRevokeApiKey } from '@/features/developers/api/revoke-api-key';
import { CreateApiKeyForm } from '@/features/developers/components/create-api-key-form';
import { CredentialsCard } from '@/features/developers/components/credentials-card';
import { useFormat } from '@/lib/i18n/format';
import { Trans, useTranslation } from '@/lib/i18n/translation';

/** How a request sends a key, shown as it is typed. */
const AUTHORIZATION_HEADER = 'Authorization: Bearer <key>';

/**
 * The team's API keys (docs/contract.md section 4): each one's name, scopes, prefix, creator and last use; a new
 * key is shown once, with Copy; a key is revoked after asking. `canCreate`: whether the Create API key form shows
 * (the account's email is verified).
 */
export function ApiKeysCard({ tenantUuid, canCreate }: { tenantUuid: string; canCreate: boolean }) {
  const { t } = useTranslation('developers');
  const keys = useApiKeys(tenantUuid);
  const revoke = useRevokeApiKey(tenantUuid);
  return (
    <CredentialsCard<ApiKey, CreatedApiKey>
      title={t('apiKeys.title')}
      description={
        <Trans
          t={t}
          i18nKey="apiKeys.description"
          values={{ header: AUTHORIZATION_HEADER }}
          components={{ code: <code className="font-mono text-xs" /> }}
        />
      }
      query={keys}
      removal={revoke}
      texts={{
        fetchFailed: t('apiKeys.fetchFailed'),
        removeFailed: t('apiKeys.revokeFailed'),
        list: t('apiKeys.list'),
        empty: t('apiKeys.empty'),
        emptyHint: t('apiKeys.emptyHint'),
        created: (key) => t('apiKeys.created', { name: key.name }),
        removed: (key) => t('apiKeys.revoked', { name: key.name }),
        confirmTitle: t('apiKeys.confirmTitle'),
        confirmText: (key) => t('apiKeys.confirmText', { name: key.name, prefix: key.prefix }),
        confirmLabel: t('apiKeys.confirm'),
      }}
      emptyIcon={KeyRound}
      secretOf={(key) => ({
        title: t('apiKeys.secretTitle', { name: key.name }),
        kind: 'apiKey',
        secret: key.key,
      })}
      renderItem={(key, { isRemoving, onRemove }) => (
        <ApiKeyRow key={key.id} apiKey={key} isRevoking={isRemoving} onRevoke={onRemove} />
      )}
      createForm={
        canCreate ? (onCreated) => <CreateApiKeyForm tenantUuid={tenantUuid} onCreated={onCreated} /> : null
      }
    />
  );
}

function ApiKeyRow({
  apiKey,
  isRevoking,
  onRevoke,
}: {
  apiKey: ApiKey;
  isRevoking: boolean;
  onRevoke: () => void;
}) {
  const { t } = useTranslation('developers');
  const format = useFormat();
  return (
    <li className="grid gap-3 p-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start sm:p-4">
      <div className="grid min-w-0 gap-2">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-medium [overflow-wrap:anywhere]">{apiKey.name}</span>
          <code className="rounded-sm bg-muted px-1.5 py-0.5 font-mono text-xs">{apiKey.prefix}…</code>
        </p>
        <ul aria-label={t('apiKey.scopesOf', { name: apiKey.name })} className="flex flex-wrap gap-1">
          {apiKey.scopes.map((scope) => (
            <li key={scope}>
              <Badge variant="secondary" className="font-mono">
                {scope}
              </Badge>
            </li>
          ))}
        </ul>
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_auto_auto] sm:justify-start">
          <div className="flex flex-wrap gap-x-1">
            <dt className="text-muted-foreground">{t('apiKey.created')}</dt>
            <dd>{format.date(apiKey.created_at)}</dd>
          </div>
          <div className="flex min-w-0 flex-wrap gap-x-1">
            <dt className="text-muted-foreground">{t('apiKey.createdBy')}</dt>
            <dd className="min-w-0 [overflow-wrap:anywhere]">
              {apiKey.created_by_email ?? (
                <em className="text-muted-foreground">{t('apiKey.deletedAccount')}</em>
              )}
            </dd>
          </div>
          <div className="flex flex-wrap gap-x-1">
            <dt className="text-muted-foreground">{t('apiKey.lastUsed')}</dt>
            <dd>{apiKey.last_used_at ? format.date(apiKey.last_used_at) : t('apiKey.never')}</dd>
          </div>
        </dl>
      </div>
      <Button
        variant="outline"
        size="sm"
        className="justify-self-start text-destructive"
        disabled={isRevoking}
        aria-label={t('apiKey.revokeLabel', { name: apiKey.name })}
        onClick={onRevoke}
      >
        {isRevoking && <Spinner />}
        {t('apiKey.revoke')}
      </Button>
    </li>
  );
}
