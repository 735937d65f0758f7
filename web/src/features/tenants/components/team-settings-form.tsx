import { canManageTeam, UpdateTenantBodySchema, type Tenant } from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';

import { ErrorAlert } from '@/components/error-alert';
import { SubmitButton } from '@/components/submit-button';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Form } from '@/components/ui/form';
import { useUpdateTenant } from '@/features/tenants/api/update-tenant';
import { TeamFields } from '@/features/tenants/components/team-fields';
import { useTranslation } from '@/lib/i18n/translation';

/**
 * The team's name and description (docs/spec.md section 5, team settings save). Members see them read-only: the
 * server lets only admins and the owner change them. Give it `key={tenant.uuid}` so another team starts afresh.
 */
export function TeamSettingsForm({ tenant }: { tenant: Tenant }) {
  const { t } = useTranslation('tenants');
  const update = useUpdateTenant();
  const form = useForm({
    resolver: zodResolver(UpdateTenantBodySchema),
    defaultValues: { name: tenant.name, description: tenant.description ?? '' },
  });
  const { isDirty } = form.formState;
  const editable = canManageTeam(tenant.user_role);

  return (
    <Form {...form}>
      <form
        noValidate
        className="grid gap-4"
        onSubmit={form.handleSubmit(({ name, description }) =>
          update.mutate(
            { tenantUuid: tenant.uuid, body: { name, description: description ?? null } },
            { onSuccess: (saved) => form.reset({ name: saved.name, description: saved.description ?? '' }) },
          ),
        )}
      >
        {update.isError && <ErrorAlert error={update.error} fallback={t('settings.failed')} />}
        {update.isSuccess && !isDirty && (
          <Alert>
            <AlertDescription>{t('settings.saved')}</AlertDescription>
          </Alert>
        )}
        <TeamFields descriptionLabel={t('settings.description')} descriptionRows={3} readOnly={!editable} />
        {editable ? (
          <div className="flex flex-wrap items-center justify-end gap-3">
            {isDirty && <p className="text-sm text-muted-foreground">{t('settings.unsaved')}</p>}
            <SubmitButton
              isPending={update.isPending}
              pendingText={t('settings.saving')}
              disabled={!isDirty || update.isPending}
              className="w-auto"
            >
              {t('settings.save')}
            </SubmitButton>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">{t('settings.readOnly')}</p>
        )}
      </form>
    </Form>
  );
}
