import type { Tenant } from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';

import { ErrorAlert } from '@/components/error-alert';
import { blankInviteRow, filledInviteRows, InviteRows, type InviteRow } from '@/components/invite-rows';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Form } from '@/components/ui/form';
import { createTeamInputSchema, useCreateTenant } from '@/features/tenants/api/create-tenant';
import { TeamFields } from '@/features/tenants/components/team-fields';
import { useTranslation } from '@/lib/i18n/translation';

type InviteOutcome = { email: string; error: string | null };

type CreateTeamDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The user has no team yet: the onboarding modal, greeting by product name and not dismissable. */
  isFirstTeam: boolean;
  /** Sends each invite to the new team on its own; an outcome's error is the text to list for its email. */
  sendInvites: (tenantUuid: string, invites: InviteRow[]) => Promise<InviteOutcome[]>;
  /** Offered in the onboarding modal, which otherwise covers every way out. */
  onSignOut: () => void;
};

type Results = { team: Tenant; outcomes: InviteOutcome[] };

const defaultValues = () => ({ name: '', description: '', invites: [blankInviteRow()] });

/**
 * The team onboarding modal and the 'Create New Team' dialog (docs/spec.md sections 2, 4 and 5): creates the team,
 * which becomes the selected one, then sends each invite and lists what was sent and what failed.
 */
export function CreateTeamDialog({
  open,
  onOpenChange,
  isFirstTeam,
  sendInvites,
  onSignOut,
}: CreateTeamDialogProps) {
  const { t } = useTranslation('tenants');
  const create = useCreateTenant();
  const [results, setResults] = useState<Results | null>(null);
  const form = useForm({
    resolver: zodResolver(createTeamInputSchema),
    defaultValues: defaultValues(),
    mode: 'onTouched',
  });
  const name = useWatch({ control: form.control, name: 'name' });
  const { isSubmitting } = form.formState;

  // Creating the first team ends onboarding and reloads the list before the invites go out: the greeting
  // stays as it was until the dialog is done.
  const [greetsFirstTeam, setGreetsFirstTeam] = useState(isFirstTeam);
  if (!isSubmitting && !results && greetsFirstTeam !== isFirstTeam) setGreetsFirstTeam(isFirstTeam);
  const isDismissable = !greetsFirstTeam || results !== null;

  const close = () => {
    setResults(null);
    form.reset(defaultValues());
    create.reset();
    onOpenChange(false);
  };

  const onSubmit = form.handleSubmit(async ({ name, description, invites }) => {
    let team: Tenant;
    try {
      // docs/spec.md section 5: the description is sent only when non-empty after trimming.
      team = await create.mutateAsync(description ? { name, description } : { name });
    } catch {
      return;
    }
    const rows = filledInviteRows(invites);
    if (rows.length === 0) return close();
    setResults({ team, outcomes: await sendInvites(team.uuid, rows) });
  });

  const preventWhileOnboarding = (event: Event) => {
    if (!isDismissable) event.preventDefault();
  };

  return (
    <Dialog
      open={open || isSubmitting || results !== null}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
    >
      <DialogContent
        showCloseButton={isDismissable}
        onEscapeKeyDown={preventWhileOnboarding}
        onInteractOutside={preventWhileOnboarding}
      >
        {results ? (
          <InviteResults results={results} onDone={close} />
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>{greetsFirstTeam ? t('create.welcomeTitle') : t('create.title')}</DialogTitle>
              <DialogDescription>
                {greetsFirstTeam ? t('create.welcomeText') : t('create.text')}
              </DialogDescription>
            </DialogHeader>
            <Form {...form}>
              <form noValidate className="grid gap-5" onSubmit={onSubmit}>
                {create.isError && <ErrorAlert error={create.error} fallback={t('create.failed')} />}
                <TeamFields descriptionLabel={t('create.description')} descriptionRows={2} />
                <InviteRows disabled={isSubmitting} />
                <DialogFooter>
                  {greetsFirstTeam ? (
                    <Button type="button" variant="ghost" onClick={onSignOut}>
                      {t('create.logout')}
                    </Button>
                  ) : (
                    <Button type="button" variant="outline" onClick={close}>
                      {t('create.cancel')}
                    </Button>
                  )}
                  {/* docs/spec.md section 5: the create button is disabled while the name is blank. */}
                  <Button type="submit" disabled={!name.trim() || isSubmitting}>
                    {isSubmitting && <LoaderCircle className="animate-spin" aria-hidden="true" />}
                    {isSubmitting ? t('create.creating') : t('create.submit')}
                  </Button>
                </DialogFooter>
              </form>
            </Form>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** docs/spec.md section 5: the invites that were sent, and the failures per email with the error text. */
function InviteResults({ results: { team, outcomes }, onDone }: { results: Results; onDone: () => void }) {
  const { t } = useTranslation('tenants');
  const sent = outcomes.filter(({ error }) => error === null);
  const failed = outcomes.filter(({ error }) => error !== null);
  return (
    <>
      <DialogHeader>
        <DialogTitle>{t('created.title')}</DialogTitle>
        <DialogDescription>{t('created.ready', { name: team.name })}</DialogDescription>
      </DialogHeader>
      {sent.length > 0 && (
        <Alert>
          <AlertTitle>{t('created.sent')}</AlertTitle>
          <AlertDescription>
            <ul className="list-disc pl-5">
              {sent.map(({ email }, index) => (
                <li key={index}>{email}</li>
              ))}
            </ul>
          </AlertDescription>
        </Alert>
      )}
      {failed.length > 0 && (
        <Alert variant="destructive">
          <AlertTitle>{t('created.notSent')}</AlertTitle>
          <AlertDescription>
            <ul className="list-disc pl-5">
              {failed.map(({ email, error }, index) => (
                <li key={index}>{t('created.failure', { email, error })}</li>
              ))}
            </ul>
          </AlertDescription>
        </Alert>
      )}
      <DialogFooter>
        <Button type="button" onClick={onDone}>
          {t('created.continue')}
        </Button>
      </DialogFooter>
    </>
  );
}
