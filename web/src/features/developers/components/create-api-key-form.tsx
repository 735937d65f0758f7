import { API_KEY_SCOPES, CreateApiKeyBodySchema, type ApiKeyScope, type CreatedApiKey } from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';

import { SubmitButton } from '@/components/submit-button';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { getErrorText } from '@/lib/api-error';

import { useCreateApiKey } from '@/features/developers/api/create-api-key';
import { ChoiceCheckboxes } from '@/features/developers/components/choice-checkboxes';

/** What each scope lets a key do (docs/contract.md section 4: one endpoint family each). */
const SCOPE_HINTS: Record<ApiKeyScope, string> = {
  'items:read': "List and read the team's items",
  'items:write': 'Create, change and delete items',
  'members:read': "List the team's members",
  'activity:read': "Read the team's activity log",
};

/** The 'Create API key' form: a name and at least one scope; the created key goes to `onCreated`, to be shown once. */
export function CreateApiKeyForm({
  tenantUuid,
  onCreated,
}: {
  tenantUuid: string;
  onCreated: (key: CreatedApiKey) => void;
}) {
  const create = useCreateApiKey(tenantUuid);
  const titleId = useId();
  const form = useForm({
    resolver: zodResolver(CreateApiKeyBodySchema),
    defaultValues: { name: '', scopes: [] },
  });

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
          Create API key
        </h3>
        {create.isError && (
          <Alert variant="destructive">
            <AlertDescription>{getErrorText(create.error, 'Failed to create the API key')}</AlertDescription>
          </Alert>
        )}
        <FormField
          control={form.control}
          name="name"
          render={({ field }) => (
            <FormItem className="sm:max-w-sm">
              <FormLabel>Name</FormLabel>
              <FormControl>
                <Input autoComplete="off" aria-required="true" placeholder="e.g. CI deploys" {...field} />
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
              legend="Scopes"
              options={API_KEY_SCOPES}
              hints={SCOPE_HINTS}
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
              inputRef={field.ref}
            />
          )}
        />
        <div>
          <SubmitButton isPending={create.isPending} pendingText="Creating…" className="w-full sm:w-auto">
            Create API key
          </SubmitButton>
        </div>
      </form>
    </Form>
  );
}
