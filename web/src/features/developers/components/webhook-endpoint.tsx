import type { Webhook } from '@app/contract';
import { ChevronDown, PowerOff, Send, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';

import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { useTestWebhook } from '@/features/developers/api/test-webhook';
import { useUpdateWebhook } from '@/features/developers/api/update-webhook';
import { LiveNotice } from '@/features/developers/components/live-notice';
import { WebhookDeliveries } from '@/features/developers/components/webhook-deliveries';
import { getErrorText } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { Trans, useTranslation } from '@/lib/i18n/translation';

/** The part of a button's name that only screen readers hear. */
const srOnly = { sr: <span className="sr-only" /> };

/** Why the app switched an endpoint off (the contract's WEBHOOK_DISABLED_REASONS): its text's key. */
const DISABLED_REASONS = {
  maker_left: 'endpoint.disabledReasons.makerLeft',
} as const satisfies Record<NonNullable<Webhook['disabled_reason']>, string>;

type WebhookEndpointProps = {
  tenantUuid: string;
  webhook: Webhook;
  isDeleting: boolean;
  onDelete: () => void;
};

/**
 * One webhook endpoint, as an item of the endpoints' list: its URL, who answers for it and its events, the switch
 * that turns it on or off (described by why the app switched it off, if it did), Send test, Delete, and its
 * deliveries under a disclosure button.
 */
export function WebhookEndpoint({ tenantUuid, webhook, isDeleting, onDelete }: WebhookEndpointProps) {
  const { t } = useTranslation('developers');
  const update = useUpdateWebhook(tenantUuid);
  const test = useTestWebhook(tenantUuid, webhook.id);
  const [showDeliveries, setShowDeliveries] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const id = useId();
  const urlId = `${id}-url`;
  const switchLabelId = `${id}-enabled`;
  const reasonId = `${id}-reason`;
  const deliveriesId = `${id}-deliveries`;

  // While the change is on its way the switch shows what was asked; the answer then replaces the endpoint.
  const enabled = update.isPending ? (update.variables.body.enabled ?? webhook.enabled) : webhook.enabled;
  // Switching it on clears the reason: it goes as soon as the switch shows on.
  const disabledReason = enabled ? null : webhook.disabled_reason;
  const setEnabled = (next: boolean) => {
    setNotice(null);
    update.mutate(
      { id: webhook.id, body: { enabled: next } },
      {
        onSuccess: () => setNotice(next ? t('endpoint.turnedOn') : t('endpoint.turnedOff')),
      },
    );
  };
  const sendTest = () => {
    setNotice(null);
    test.mutate(undefined, {
      onSuccess: () => {
        setShowDeliveries(true);
        setNotice(t('endpoint.testSent'));
      },
    });
  };
  const failure = update.isError
    ? getErrorText(update.error, t('endpoint.changeFailed'))
    : test.isError
      ? getErrorText(test.error, t('endpoint.testFailed'))
      : null;

  return (
    <li className="grid min-w-0 gap-3 p-3 sm:p-4">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="grid min-w-0 flex-[1_1_16rem] gap-1">
          <p id={urlId} className="font-mono text-sm font-medium break-all">
            {webhook.url}
          </p>
          {webhook.created_by_email !== null && (
            <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
              {t('endpoint.createdBy', { email: webhook.created_by_email })}
            </p>
          )}
          {disabledReason && (
            <p id={reasonId} className="flex items-start gap-1.5 text-sm text-muted-foreground">
              <PowerOff aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
              {t(DISABLED_REASONS[disabledReason])}
            </p>
          )}
        </div>
        <div className="flex items-center gap-2">
          <Switch
            id={`${id}-switch`}
            checked={enabled}
            disabled={update.isPending}
            onCheckedChange={setEnabled}
            aria-labelledby={`${switchLabelId} ${urlId}`}
            aria-describedby={disabledReason ? reasonId : undefined}
          />
          <Label id={switchLabelId} htmlFor={`${id}-switch`}>
            {t('endpoint.enabled')}
          </Label>
        </div>
      </div>
      <ul aria-label={t('endpoint.events', { url: webhook.url })} className="flex flex-wrap gap-1">
        {webhook.events.map((event) => (
          <li key={event}>
            <Badge variant="secondary" className="font-mono">
              {event}
            </Badge>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          aria-expanded={showDeliveries}
          aria-controls={deliveriesId}
          onClick={() => setShowDeliveries((shown) => !shown)}
        >
          <ChevronDown
            aria-hidden="true"
            className={cn('transition-transform', showDeliveries && 'rotate-180')}
          />
          <Trans t={t} i18nKey="endpoint.deliveries" values={{ url: webhook.url }} components={srOnly} />
        </Button>
        <Button variant="outline" size="sm" disabled={test.isPending} onClick={sendTest}>
          {test.isPending ? <Spinner /> : <Send aria-hidden="true" />}
          <Trans t={t} i18nKey="endpoint.sendTest" values={{ url: webhook.url }} components={srOnly} />
        </Button>
        <Button
          variant="outline"
          size="sm"
          className="text-destructive"
          disabled={isDeleting}
          onClick={onDelete}
        >
          {isDeleting ? <Spinner /> : <Trash2 aria-hidden="true" />}
          <Trans t={t} i18nKey="endpoint.delete" values={{ url: webhook.url }} components={srOnly} />
        </Button>
      </div>
      {failure && (
        <Alert variant="destructive">
          <AlertDescription>{failure}</AlertDescription>
        </Alert>
      )}
      <LiveNotice>{notice}</LiveNotice>
      <div id={deliveriesId} hidden={!showDeliveries}>
        {showDeliveries && (
          <WebhookDeliveries
            tenantUuid={tenantUuid}
            webhookId={webhook.id}
            url={webhook.url}
            onRetried={setNotice}
          />
        )}
      </div>
    </li>
  );
}
