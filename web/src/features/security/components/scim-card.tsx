import type { ScimToken, ScimTokenCreated } from '@app/contract';
import { type RefObject, useId, useRef, useState } from 'react';

import { ConfirmDialog } from '@/components/confirm-dialog';
import { CopyButton } from '@/components/copy-button';
import { SubmitButton } from '@/components/submit-button';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useCreateScimToken, useRevokeScimToken, useScimToken } from '@/features/security/api/scim-token';
import { CardPending, Refusal } from '@/features/security/components/domains-card';
import { useFormat } from '@/lib/i18n/format';
import { useTranslation } from '@/lib/i18n/translation';

/**
 * The team's SCIM token (docs/contract.md section 4, Enterprise identity), with which its identity provider adds,
 * deactivates and removes members. The token itself is shown once, in a dialog, as it is made; the card shows when
 * and by whom it was made, its last use and the base URL. Replace and Revoke ask first: either stops the old token.
 */
export function ScimCard({ tenantUuid }: { tenantUuid: string }) {
  const { t } = useTranslation('security');
  const token = useScimToken(tenantUuid);
  const create = useCreateScimToken(tenantUuid);
  const revoke = useRevokeScimToken(tenantUuid);
  const [asking, setAsking] = useState<'replace' | 'revoke' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // Where the focus goes when what held it is gone: the token dialog closed, the revoked token's buttons.
  const headingRef = useRef<HTMLHeadingElement>(null);

  const makeToken = () => {
    revoke.reset();
    setNotice(null);
    create.mutate();
  };
  const revokeToken = () => {
    create.reset();
    setNotice(null);
    revoke.mutate(undefined, {
      onSuccess: () => {
        setNotice(t('scim.revoked'));
        headingRef.current?.focus();
      },
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2 ref={headingRef} tabIndex={-1} className="outline-none">
            {t('scim.title')}
          </h2>
        </CardTitle>
        <CardDescription>{t('scim.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p role="status" className={notice ? 'text-sm text-muted-foreground' : 'sr-only'}>
          {notice}
        </p>
        {create.isError && <Refusal error={create.error} fallback={t('scim.createFailed')} />}
        {revoke.isError && <Refusal error={revoke.error} fallback={t('scim.revokeFailed')} />}
        {token.isSuccess ? (
          token.data === null ? (
            <div className="grid gap-4">
              <p className="text-sm">{t('scim.intro')}</p>
              <SubmitButton
                type="button"
                className="sm:w-auto sm:justify-self-start"
                isPending={create.isPending}
                pendingText={t('scim.creating')}
                onClick={makeToken}
              >
                {t('scim.create')}
              </SubmitButton>
            </div>
          ) : (
            <ScimTokenSummary
              token={token.data}
              isReplacing={create.isPending}
              isRevoking={revoke.isPending}
              onReplace={() => setAsking('replace')}
              onRevoke={() => setAsking('revoke')}
            />
          )
        ) : (
          <CardPending query={token} failure={t('scim.fetchFailed')} />
        )}
      </CardContent>
      <ConfirmDialog
        open={asking === 'replace'}
        onOpenChange={(open) => !open && setAsking(null)}
        title={t('scim.replaceTitle')}
        description={t('scim.replaceText')}
        confirmLabel={t('scim.replace')}
        onConfirm={() => {
          setAsking(null);
          makeToken();
        }}
      />
      <ConfirmDialog
        open={asking === 'revoke'}
        onOpenChange={(open) => !open && setAsking(null)}
        title={t('scim.revokeTitle')}
        description={t('scim.revokeText')}
        confirmLabel={t('scim.revoke')}
        onConfirm={() => {
          setAsking(null);
          revokeToken();
        }}
      />
      {/* Resetting the mutation forgets its answer: once the dialog closes, nothing holds the token. */}
      <NewTokenDialog created={create.data} onDone={() => create.reset()} focusAfter={headingRef} />
    </Card>
  );
}

function ScimTokenSummary({
  token,
  isReplacing,
  isRevoking,
  onReplace,
  onRevoke,
}: {
  token: ScimToken;
  isReplacing: boolean;
  isRevoking: boolean;
  onReplace: () => void;
  onRevoke: () => void;
}) {
  const { t } = useTranslation('security');
  const format = useFormat();
  const date = format.date(token.created_at);
  return (
    <div className="grid gap-4">
      <div className="grid gap-1 text-sm">
        <p className="[overflow-wrap:anywhere]">
          {token.created_by
            ? t('scim.created', { date, email: token.created_by })
            : t('scim.createdByDeletedAccount', { date })}
        </p>
        <p className="text-muted-foreground">
          {token.last_used_at
            ? t('scim.lastUsed', { date: format.date(token.last_used_at) })
            : t('scim.neverUsed')}
        </p>
      </div>
      <CopyField label={t('scim.baseUrl')} name={t('scim.baseUrlName')} value={token.base_url} />
      <div className="flex flex-wrap gap-2">
        <SubmitButton
          type="button"
          variant="outline"
          size="sm"
          className="w-auto"
          isPending={isReplacing}
          pendingText={t('scim.replacing')}
          disabled={isReplacing || isRevoking}
          onClick={onReplace}
        >
          {t('scim.replace')}
        </SubmitButton>
        <SubmitButton
          type="button"
          variant="outline"
          size="sm"
          className="w-auto text-destructive"
          isPending={isRevoking}
          pendingText={t('scim.revoking')}
          disabled={isReplacing || isRevoking}
          onClick={onRevoke}
        >
          {t('scim.revoke')}
        </SubmitButton>
      </div>
    </div>
  );
}

/**
 * The token the server shows only once, with the base URL the directory needs beside it. An outside click does not
 * close it, so a stray one cannot lose the token; Done, Close and Escape do.
 */
function NewTokenDialog({
  created,
  onDone,
  focusAfter,
}: {
  created: ScimTokenCreated | undefined;
  onDone: () => void;
  focusAfter: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation('security');
  return (
    <Dialog open={created !== undefined} onOpenChange={(open) => !open && onDone()}>
      {created && (
        <DialogContent
          onInteractOutside={(event) => event.preventDefault()}
          // Opened by the server's answer, not a trigger: Radix would hand the focus back to nothing.
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            focusAfter.current?.focus();
          }}
        >
          <DialogHeader>
            <DialogTitle>{t('scim.secretTitle')}</DialogTitle>
            <DialogDescription className="font-medium text-foreground">
              {t('scim.secretWarning')}
            </DialogDescription>
          </DialogHeader>
          <CopyField label={t('scim.token')} name={t('scim.tokenName')} value={created.token} />
          <CopyField label={t('scim.baseUrl')} name={t('scim.baseUrlName')} value={created.base_url} />
          <p className="text-sm text-muted-foreground">{t('scim.secretHint')}</p>
          <DialogFooter>
            <Button onClick={onDone}>{t('scim.done')}</Button>
          </DialogFooter>
        </DialogContent>
      )}
    </Dialog>
  );
}

/** A value to paste elsewhere: read-only, selected whole when focused, with Copy. */
function CopyField({ label, name, value }: { label: string; name: string; value: string }) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <Input
          id={id}
          readOnly
          value={value}
          spellCheck={false}
          className="font-mono"
          onFocus={(event) => event.currentTarget.select()}
        />
        <CopyButton text={value} name={name} />
      </div>
    </div>
  );
}
