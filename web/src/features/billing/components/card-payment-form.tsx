import type { LocalPaymentBody } from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { CreditCard, Lock } from 'lucide-react';
import { useMemo, useRef } from 'react';
import { useForm } from 'react-hook-form';

import { useTranslation } from '@/lib/i18n/translation';
import { z } from 'zod';

import { SubmitButton } from '@/components/submit-button';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import type { TFunction } from '@/lib/i18n/translation';

import {
  caretAfterDigits,
  CARD_NUMBER_LENGTH,
  type CardFieldError,
  formatCardNumber,
  formatCvc,
  formatExpiry,
  toPaymentBody,
  validateCardNumber,
  validateCvc,
  validateExpiry,
} from '@/features/billing/utils/card-input';

/** The card fields, each checked by card-input.ts and its finding said in the user's language. */
function cardFormSchema(t: TFunction<'billing'>) {
  /** Each field's check, as a zod issue on that field. */
  const checked = (validate: (value: string) => CardFieldError | undefined) =>
    z.string().superRefine((value, ctx) => {
      const error = validate(value);
      if (error) ctx.addIssue({ code: 'custom', message: t(error) });
    });
  return z.object({
    cardNumber: checked(validateCardNumber),
    // Read at each check, so a page left open over a month's end still knows which month it is.
    expiry: checked((value) => validateExpiry(value, new Date())),
    cvc: checked(validateCvc),
  });
}
type CardFormValues = z.infer<ReturnType<typeof cardFormSchema>>;

type CardPaymentFormProps = {
  /** 'Pay $114' */
  payLabel: string;
  onPay: (body: LocalPaymentBody) => void;
  isPending: boolean;
  /** Why the last attempt failed, e.g. the decline message; null when it did not. */
  failure: string | null;
};

const digitCount = (value: string) => value.replace(/\D/g, '').length;

/** Card number, expiry and CVC, formatted as typed and checked inline before anything is sent. */
export function CardPaymentForm({ payLabel, onPay, isPending, failure }: CardPaymentFormProps) {
  const { t } = useTranslation('billing');
  const schema = useMemo(() => cardFormSchema(t), [t]);
  const form = useForm<CardFormValues>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: { cardNumber: '', expiry: '', cvc: '' },
  });
  const expiryRef = useRef<HTMLInputElement | null>(null);
  const cvcRef = useRef<HTMLInputElement | null>(null);

  return (
    <Form {...form}>
      <form
        noValidate
        className="grid gap-5"
        onSubmit={form.handleSubmit((values) => onPay(toPaymentBody(values)))}
      >
        <fieldset className="grid gap-4">
          <legend className="mb-3 text-sm font-semibold">{t('cardForm.cardInformation')}</legend>
          <FormField
            control={form.control}
            name="cardNumber"
            render={({ field }) => (
              <FormItem>
                <FormLabel>{t('cardForm.cardNumber')}</FormLabel>
                <div className="relative">
                  <FormControl>
                    <Input
                      {...field}
                      inputMode="numeric"
                      autoComplete="cc-number"
                      placeholder="1234 1234 1234 1234"
                      maxLength={CARD_NUMBER_LENGTH + 3}
                      className="h-11 pr-10 font-mono tracking-wide"
                      onChange={(event) => {
                        const input = event.target;
                        const before = digitCount(
                          input.value.slice(0, input.selectionStart ?? input.value.length),
                        );
                        const wasComplete = digitCount(field.value) === CARD_NUMBER_LENGTH;
                        const formatted = formatCardNumber(input.value);
                        field.onChange(formatted);
                        // Reformatting moves the caret to the end; an edit in the middle keeps its place.
                        requestAnimationFrame(() => {
                          if (document.activeElement !== input) return;
                          const caret = caretAfterDigits(formatted, before);
                          input.setSelectionRange(caret, caret);
                        });
                        if (!wasComplete && !validateCardNumber(formatted)) expiryRef.current?.focus();
                      }}
                    />
                  </FormControl>
                  <CreditCard
                    className="pointer-events-none absolute top-1/2 right-3 size-5 -translate-y-1/2 text-muted-foreground"
                    aria-hidden="true"
                  />
                </div>
                <FormMessage />
              </FormItem>
            )}
          />
          <div className="grid grid-cols-2 gap-4">
            <FormField
              control={form.control}
              name="expiry"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>{t('cardForm.expiry')}</FormLabel>
                  <FormControl>
                    <Input
                      {...field}
                      ref={(element) => {
                        field.ref(element);
                        expiryRef.current = element;
                      }}
                      inputMode="numeric"
                      autoComplete="cc-exp"
                      placeholder={t('cardForm.expiryPlaceholder')}
                      maxLength={7}
                      className="h-11 font-mono"
                      onChange={(event) => {
                        const formatted = formatExpiry(event.target.value, field.value);
                        field.onChange(formatted);
                        if (digitCount(formatted) === 4 && digitCount(field.value) < 4)
                          cvcRef.current?.focus();
                      }}
                    />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="cvc"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>{t('cardForm.cvc')}</FormLabel>
                  <FormControl>
                    <Input
                      {...field}
                      ref={(element) => {
                        field.ref(element);
                        cvcRef.current = element;
                      }}
                      inputMode="numeric"
                      autoComplete="cc-csc"
                      placeholder="123"
                      maxLength={3}
                      className="h-11 font-mono"
                      onChange={(event) => field.onChange(formatCvc(event.target.value))}
                    />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
          </div>
        </fieldset>
        {failure && (
          <Alert variant="destructive">
            <AlertDescription>{failure}</AlertDescription>
          </Alert>
        )}
        <SubmitButton isPending={isPending} pendingText={t('cardForm.processing')} size="lg" className="h-11">
          <Lock aria-hidden="true" />
          {payLabel}
        </SubmitButton>
      </form>
    </Form>
  );
}
