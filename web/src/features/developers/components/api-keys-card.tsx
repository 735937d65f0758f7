import type { ApiKey, CreatedApiKey } from '@app/contract';
import { KeyRound } from 'lucide-react';
import { useRef, useState } from 'react';

import { ConfirmDialog } from '@/components/confirm-dialog';
import { QueryPending } from '@/components/query-pending';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useApiKeys } from '@/features/developers/api/get-api-keys';
import { useRevokeApiKey } from '@/features/developers/api/revoke-api-key';
import { CreateApiKeyForm } from '@/features/developers/components/create-api-key-form';
import { LiveNotice } from '@/features/developers/components/live-notice';
import { SecretPanel } from '@/features/developers/components/secret-panel';
import { getErrorText } from '@/lib/api-error';
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
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const onCreated = (key: CreatedApiKey) => {
    revoke.reset();
    setCreated(key);
    setNotice(t('apiKeys.created', { name: key.name }));
  };
  const confirmRevoke = () => {
    if (!revoking) return;
    const { id, name } = revoking;
    setNotice(null);
    revoke.mutate(id, {
      onSuccess: () => {
        // The key the user just created and revoked at once must not stay on screen as if it worked.
        setCreated((shown) => (shown?.id === id ? null : shown));
        setNotice(t('apiKeys.revoked', { name }));
        // Its row, which held the focus, is gone: the card's heading takes it.
        headingRef.current?.focus();
      },
    });
  };

  return (
    <Card className="min-w-0">
      <CardHeader className="max-sm:px-4">
        <CardTitle asChild>
          <h2 ref={headingRef} tabIndex={-1} className="outline-none">
            {t('apiKeys.title')}
          </h2>
        </CardTitle>
        <CardDescription>
          <Trans
            t={t}
            i18nKey="apiKeys.description"
            values={{ header: AUTHORIZATION_HEADER }}
            components={{ code: <code className="font-mono text-xs" /> }}
          />
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 max-sm:px-4">
        <LiveNotice>{notice}</LiveNotice>
        {revoke.isError && (
          <Alert variant="destructive">
            <AlertDescription>{getErrorText(revoke.error, t('apiKeys.revokeFailed'))}</AlertDescription>
          </Alert>
        )}
        {created && (
          <SecretPanel
            key={created.id}
            title={t('apiKeys.secretTitle', { name: created.name })}
            kind="apiKey"
            secret={created.key}
            onDone={() => setCreated(null)}
          />
        )}
        {!keys.isSuccess ? (
          <QueryPending query={keys} failure={t('apiKeys.fetchFailed')} />
        ) : keys.data.length === 0 ? (
          <div className="grid justify-items-center gap-2 py-6 text-center">
            <KeyRound className="size-8 text-muted-foreground" aria-hidden="true" />
            <p className="font-medium">{t('apiKeys.empty')}</p>
            <p className="max-w-md text-sm text-muted-foreground">{t('apiKeys.emptyHint')}</p>
          </div>
        ) : (
          <ul
            aria-label={t('apiKeys.list')}
            className="grid divide-y divide-border rounded-md border border-border"
          >
            {keys.data.map((key) => (
              <ApiKeyRow
                key={key.id}
                apiKey={key}
                isRevoking={revoke.isPending && revoke.variables === key.id}
                onRevoke={() => setRevoking(key)}
              />
            ))}
          </ul>
        )}
        {canCreate && (
          <div className="border-t border-border pt-6">
            <CreateApiKeyForm tenantUuid={tenantUuid} onCreated={onCreated} />
          </div>
        )}
      </CardContent>
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open) setRevoking(null);
        }}
        title={t('apiKeys.confirmTitle')}
        description={t('apiKeys.confirmText', { name: revoking?.name ?? '', prefix: revoking?.prefix ?? '' })}
        confirmLabel={t('apiKeys.confirm')}
        onConfirm={confirmRevoke}
      />
    </Card>
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
