import { DECLINED_CARD_NUMBER, TEST_CARD_NUMBER, type BillingInterval } from '@app/contract';
import { Check, Copy, FlaskConical, LoaderCircle } from 'lucide-react';
import { useEffect, useState } from 'react';

import { Button } from '@/components/ui/button';
import { Trans, useTranslation } from '@/lib/i18n/translation';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';

type TestModeDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What is being bought: the plan's name and its interval, e.g. 'Pro, billed annually'. */
  planName: string;
  interval: BillingInterval;
  onContinue: () => void;
  isPending: boolean;
};

/**
 * Shown before checkout with the built-in test-mode provider (docs/spec.md section 9): the card that pays, and the one
 * that is declined. Continue must be the click itself, since it opens the checkout tab.
 */
export function TestModeDialog({
  open,
  onOpenChange,
  planName,
  interval,
  onContinue,
  isPending,
}: TestModeDialogProps) {
  const { t } = useTranslation('billing');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <FlaskConical className="size-5 text-primary" aria-hidden="true" />
            {t('testMode.title')}
          </DialogTitle>
          <DialogDescription>
            {t(interval === 'annual' ? 'testMode.descriptionAnnual' : 'testMode.descriptionMonthly', {
              plan: planName,
            })}
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-3 rounded-lg border border-border bg-muted p-4 text-sm">
          <p className="font-medium">{t('testMode.testCard')}</p>
          {/* Label above value on a phone, beside it on a wider screen. */}
          <dl className="grid items-center gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr] sm:gap-y-2">
            <dt className="text-muted-foreground">{t('testMode.cardNumber')}</dt>
            <dd className="flex flex-wrap items-center gap-2 max-sm:mb-2">
              <span className="font-mono text-base tracking-wide whitespace-nowrap">{TEST_CARD_NUMBER}</span>
              <CopyButton text={TEST_CARD_NUMBER} />
            </dd>
            <dt className="text-muted-foreground">{t('testMode.expiry')}</dt>
            <dd className="max-sm:mb-2">{t('testMode.anyFutureDate')}</dd>
            <dt className="text-muted-foreground">{t('testMode.cvc')}</dt>
            <dd>{t('testMode.anyThreeDigits')}</dd>
          </dl>
          <p className="text-muted-foreground">
            <Trans
              t={t}
              i18nKey="testMode.declinedCard"
              values={{ number: DECLINED_CARD_NUMBER }}
              components={{ card: <span className="font-mono whitespace-nowrap" /> }}
            />
          </p>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t('testMode.cancel')}
          </Button>
          <Button onClick={onContinue} disabled={isPending}>
            {isPending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
            {t(isPending ? 'testMode.opening' : 'testMode.continue')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function CopyButton({ text }: { text: string }) {
  const { t } = useTranslation('billing');
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 2000);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = () => {
    // The clipboard may be refused (permissions, an insecure origin): then the number is there to select.
    if (!navigator.clipboard) return setState('failed');
    navigator.clipboard.writeText(text).then(
      () => setState('copied'),
      () => setState('failed'),
    );
  };

  return (
    <>
      <Button variant="outline" size="sm" onClick={copy}>
        {state === 'copied' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
        <Trans
          t={t}
          i18nKey={state === 'copied' ? 'testMode.copied' : 'testMode.copy'}
          components={{ hidden: <span className="sr-only" /> }}
        />
      </Button>
      <span role="status" className="sr-only">
        {state === 'copied' ? t('testMode.copiedStatus') : ''}
      </span>
      {state === 'failed' && (
        <span role="status" className="w-full text-xs text-muted-foreground">
          {t('testMode.copyFailed')}
        </span>
      )}
    </>
  );
}
