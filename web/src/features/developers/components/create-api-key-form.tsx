import { API_KEY_SCOPES, CreateApiKeyBodySchema, type ApiKeyScope, type CreatedApiKey } from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';

import { SubmitButton } from '@/components/submit-button';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { useCreateApiKey } from '@/features/developers/api/create-api-key';
import { ChoiceCheckboxes } from '@/features/developers/components/choice-checkboxes';
import { getErrorText } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n/translation';

/** What each scope lets a key do (docs/contract.md section 4: one endpoint family each): its hint's key. */
const SCOPE_HINTS = {
  'items:read': 'createKey.scopeHints.itemsRead',
  'items:write': 'createKey.scopeHints.itemsWrite',
  'members:read': 'createKey.scopeHints.membersRead',
  'activity:read': 'createKey.scopeHints.activityRead',
} as const satisfies Record<ApiKeyScope, string>;

/** The 'Create API key' form: a name and at least one scope; the created key goes to `onCreated`, to be shown once. */
export function CreateApiKeyForm({
  tenantUuid,
  onCreated,
}: {
  tenantUuid: string;
  onCreated: (key: CreatedApiKey) => void;
}) {
  const { t } = useTranslation('developers');
  const create = useCreateApiKey(tenantUuid);
  const titleId = useId();
  const form = useForm({
    resolver: zodResolver(CreateApiKeyBodySchema),
    defaultValues: { name: '', scopes: [] },
  });

  const scopeHints = Object.fromEntries(
    API_KEY_SCOPES.map((scope) => [scope, t(SCOPE_HINTS[scope])]),
  ) as Record<ApiKeyScope, string>;

  const onSubmit = form.handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: (key) => {
        form.reset();
        onCreated(key);
      },
    }),
  );

  return (
    <Form {...form}>
      <form noValidate className="grid gap-5" onSubmit={onSubmit} aria-labelledby={titleId}>
        <h3 id={titleId} className="text-base font-semibold">
          {t('createKey.title')}
        </h3>
        {create.isError && (
          <Alert variant="destructive">
            <AlertDescription>{getErrorText(create.error, t('createKey.failed'))}</AlertDescription>
          </Alert>
        )}
        <FormField
          control={form.control}
          name="name"
          render={({ field }) => (
            <FormItem className="sm:max-w-sm">
              <FormLabel>{t('createKey.name')}</FormLabel>
              <FormControl>
                <Input
                  autoComplete="off"
                  aria-required="true"
                  placeholder={t('createKey.namePlaceholder')}
                  {...field}
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="scopes"
          render={({ field, fieldState }) => (
            <ChoiceCheckboxes
              legend={t('createKey.scopes')}
              options={API_KEY_SCOPES}
              hints={scopeHints}
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
            pendingText={t('createKey.creating')}
            className="w-full sm:w-auto"
          >
            {t('createKey.submit')}
          </SubmitButton>
        </div>
      </form>
    </Form>
  );
}
