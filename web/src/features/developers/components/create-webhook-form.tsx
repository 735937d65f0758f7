import { CreateWebhookBodySchema, WEBHOOK_EVENTS, type CreatedWebhook } from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';

import { ErrorAlert } from '@/components/error-alert';
import {
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
import { CreateCredentialForm } from '@/features/developers/components/create-credential-form';
import { type ApiError, getErrorText, hasErrorCode } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n/translation';

/**
 * Whether the server refused the URL itself (docs/contract.md section 4: 'Webhook URLs must be public https
 * addresses'), which belongs under the URL field rather than over the form with its other refusals (the endpoint
 * limit).
 */
const isUrlRefusal = (error: unknown): error is ApiError => hasErrorCode(error, 'webhook_url_refused');

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
        if (isUrlRefusal(error)) {
          form.setError(
            'url',
            { message: getErrorText(error, t('createWebhook.failed')) },
            { shouldFocus: true },
          );
        }
      },
    }),
  );

  return (
    <CreateCredentialForm
      form={form}
      onSubmit={onSubmit}
      title={t('createWebhook.title')}
      error={
        create.isError &&
        !isUrlRefusal(create.error) && (
          <ErrorAlert error={create.error} fallback={t('createWebhook.failed')} />
        )
      }
      isPending={create.isPending}
      pendingText={t('createWebhook.adding')}
      submitText={t('createWebhook.submit')}
    >
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
    </CreateCredentialForm>
  );
}
