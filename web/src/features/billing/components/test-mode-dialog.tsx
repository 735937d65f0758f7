import { DECLINED_CARD_NUMBER, TEST_CARD_NUMBER } from '@app/contract';
import { Check, Copy, FlaskConical, LoaderCircle } from 'lucide-react';
import { useEffect, useState } from 'react';

import { Button } from '@/components/ui/button';
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
  /** What is being bought, e.g. 'Pro, billed annually'. */
  summary: string;
  onContinue: () => void;
  isPending: boolean;
};

/**
 * Shown before checkout with the built-in test-mode provider (docs/spec.md section 9): the card that pays, and the one
 * that is declined. Continue must be the click itself, since it opens the checkout tab.
 */
export function TestModeDialog({ open, onOpenChange, summary, onContinue, isPending }: TestModeDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <FlaskConical className="size-5 text-primary" aria-hidden="true" />
            Test mode
          </DialogTitle>
          <DialogDescription>
            Checkout for {summary}, opens in a new tab. Payments are in test mode: no real card is charged.
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-3 rounded-lg border border-border bg-muted p-4 text-sm">
          <p className="font-medium">Pay with this test card</p>
          {/* Label above value on a phone, beside it on a wider screen. */}
          <dl className="grid items-center gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr] sm:gap-y-2">
            <dt className="text-muted-foreground">Card number</dt>
            <dd className="flex flex-wrap items-center gap-2 max-sm:mb-2">
              <span className="font-mono text-base tracking-wide whitespace-nowrap">{TEST_CARD_NUMBER}</span>
              <CopyButton text={TEST_CARD_NUMBER} />
            </dd>
            <dt className="text-muted-foreground">Expiry</dt>
            <dd className="max-sm:mb-2">Any future date</dd>
            <dt className="text-muted-foreground">CVC</dt>
            <dd>Any 3 digits</dd>
          </dl>
          <p className="text-muted-foreground">
            To see a declined payment, use{' '}
            <span className="font-mono whitespace-nowrap">{DECLINED_CARD_NUMBER}</span>.
          </p>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button onClick={onContinue} disabled={isPending}>
            {isPending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
            {isPending ? 'Opening checkout…' : 'Continue to checkout'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function CopyButton({ text }: { text: string }) {
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
        {state === 'copied' ? 'Copied' : 'Copy'}
        <span className="sr-only"> card number</span>
      </Button>
      <span role="status" className="sr-only">
        {state === 'copied' ? 'Card number copied' : ''}
      </span>
      {state === 'failed' && (
        <span role="status" className="w-full text-xs text-muted-foreground">
          Could not copy: select the number and copy it.
        </span>
      )}
    </>
  );
}
