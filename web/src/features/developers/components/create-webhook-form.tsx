import { CreateWebhookBodySchema, WEBHOOK_EVENTS, type CreatedWebhook } from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';

import { SubmitButton } from '@/components/submit-button';
import { Alert, AlertDescription } from '@/components/ui/alert';
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
import { useCreateWebhook } from '@/features/developers/api/create-webhook';
import { ChoiceCheckboxes } from '@/features/developers/components/choice-checkboxes';
import { ApiError, getErrorText } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n/translation';

/**
 * Whether the server refused the URL itself (docs/contract.md section 4: 'Webhook URLs must be public https
 * addresses'), which belongs under the URL field rather than over the form. The refusal has no code of its own, so
 * its text tells it from the form's other refusals (the endpoint limit).
 */
const isUrlRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError &&
  (error.status === 400 || error.status === 422) &&
  /\burls?\b/i.test(error.detail ?? '');

/** The 'Add endpoint' form: an http(s) URL and at least one event; the created endpoint, with its secret, goes to `onCreated`. */
export function CreateWebhookForm({
  tenantUuid,
  onCreated,
}: {
  tenantUuid: string;
  onCreated: (webhook: CreatedWebhook) => void;
}) {
  const { t } = useTranslation('developers');
  const create = useCreateWebhook(tenantUuid);
  const titleId = useId();
  const form = useForm({
    resolver: zodResolver(CreateWebhookBodySchema),
    defaultValues: { url: '', events: [] },
  });

  const onSubmit = form.handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: (webhook) => {
        form.reset();
        onCreated(webhook);
      },
      onError: (error) => {
        if (isUrlRefusal(error)) form.setError('url', { message: error.detail }, { shouldFocus: true });
      },
    }),
  );

  return (
    <Form {...form}>
      <form noValidate className="grid gap-5" onSubmit={onSubmit} aria-labelledby={titleId}>
        <h3 id={titleId} className="text-base font-semibold">
          {t('createWebhook.title')}
        </h3>
        {create.isError && !isUrlRefusal(create.error) && (
          <Alert variant="destructive">
            <AlertDescription>{getErrorText(create.error, t('createWebhook.failed'))}</AlertDescription>
          </Alert>
        )}
        <FormField
          control={form.control}
          name="url"
          render={({ field }) => (
            <FormItem className="sm:max-w-xl">
              <FormLabel>{t('createWebhook.url')}</FormLabel>
              <FormControl>
                <Input
                  type="url"
                  inputMode="url"
                  autoComplete="off"
                  spellCheck={false}
                  aria-required="true"
                  placeholder="https://example.com/webhooks/tessera"
                  {...field}
                />
              </FormControl>
              <FormDescription>{t('createWebhook.urlHint')}</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="events"
          render={({ field, fieldState }) => (
            <ChoiceCheckboxes
              legend={t('createWebhook.events')}
              options={WEBHOOK_EVENTS}
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
              inputRef={field.ref}
            />
          )}
        />
        <div>
          <SubmitButton
            isPending={create.isPending}
            pendingText={t('createWebhook.adding')}
            className="w-full sm:w-auto"
          >
            {t('createWebhook.submit')}
          </SubmitButton>
        </div>
      </form>
    </Form>
  );
}
