import { API_KEY_SCOPES, CreateApiKeyBodySchema, type ApiKeyScope, type CreatedApiKey } from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';

import { ErrorAlert } from '@/components/error-alert';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { useCreateApiKey } from '@/features/developers/api/create-api-key';
import { ChoiceCheckboxes } from '@/features/developers/components/choice-checkboxes';
import { CreateCredentialForm } from '@/features/developers/components/create-credential-form';
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
    <CreateCredentialForm
      form={form}
      onSubmit={onSubmit}
      title={t('createKey.title')}
      error={create.isError && <ErrorAlert error={create.error} fallback={t('createKey.failed')} />}
      isPending={create.isPending}
      pendingText={t('createKey.creating')}
      submitText={t('createKey.submit')}
    >
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
    </CreateCredentialForm>
  );
}
