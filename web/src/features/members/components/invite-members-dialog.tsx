import { EmailSchema } from '@app/contract';
import { UserPlus } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';

import {
  blankInviteRow,
  filledInviteRows,
  InviteRows,
  type InviteRowsValues,
} from '@/components/invite-rows';
import { PlanLimitNotice, planLimitText } from '@/components/plan-limit-notice';
import { SubmitButton } from '@/components/submit-button';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Form } from '@/components/ui/form';
import { useInviteMembers } from '@/features/members/api/invite-member';
import { useTranslation } from '@/lib/i18n/translation';
import type { TFunction } from '@/lib/i18n/translation';

/** docs/spec.md section 9: success modals close 2000 ms after success. */
const SUCCESS_CLOSE_DELAY_MS = 2000;

const defaultValues = (): InviteRowsValues => ({ invites: [blankInviteRow()] });

type InviteMembersDialogProps = {
  tenantUuid: string;
  /** After a send in which at least one invitation went out, e.g. to show it among the pending ones. */
  onInvited?: () => void;
  /** The plan's member limit when the team has reached it (pending invitations count): the form is not offered. */
  limitReached?: number | null;
  /**
   * What `seats` more members would cost, shown above Send when the team pays per seat (docs/contract.md section 4,
   * Per-seat billing); the page composes it from billing. `seats` is the rows with an email, at least one.
   */
  seatNotice?: ((seats: number) => ReactNode) | null;
};

/** The Invite Member button and modal of /team, for admins (docs/spec.md sections 2, 5 and 6). */
export function InviteMembersDialog({
  tenantUuid,
  onInvited,
  limitReached = null,
  seatNotice = null,
}: InviteMembersDialogProps) {
  const { t } = useTranslation('members');
  const [open, setOpen] = useState(false);
  const invite = useInviteMembers(tenantUuid);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<InviteRowsValues>({ defaultValues: defaultValues() });
  const rows = useWatch({ control: form.control, name: 'invites' });
  const seats = Math.max(1, filledInviteRows(rows ?? []).length);

  const outcomes = invite.data;
  const failures = outcomes?.filter(({ error, limited }) => error !== null && !limited) ?? [];
  // Refused for the plan: one notice with the upgrade, whichever of the emails met the limit.
  const limited = outcomes?.find(({ limited }) => limited);
  const sent = outcomes?.filter(({ error }) => error === null) ?? [];
  const succeeded = !!outcomes && outcomes.length > 0 && failures.length === 0 && !limited;

  const onOpenChange = (next: boolean) => {
    if (next) {
      form.reset(defaultValues());
      invite.reset();
      setProblem(null);
    }
    setOpen(next);
  };

  useEffect(() => {
    if (!succeeded) return;
    const timer = setTimeout(() => setOpen(false), SUCCESS_CLOSE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [succeeded]);

  const onSubmit = form.handleSubmit(({ invites }) => {
    const rows = filledInviteRows(invites);
    if (rows.length === 0) return setProblem(t('invite.noEmail'));
    if (rows.some(({ email }) => !EmailSchema.safeParse(email).success)) {
      return setProblem(t('invite.invalidEmail'));
    }
    setProblem(null);
    invite.mutate(rows, {
      // What failed stays in the form to correct and send again; what was sent leaves it.
      onSuccess: (results) => {
        const failed = rows.filter((_, index) => results[index]!.error !== null);
        if (failed.length > 0) form.reset({ invites: failed });
        if (failed.length < rows.length) onInvited?.();
      },
    });
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button size="sm">
          <UserPlus aria-hidden="true" />
          {t('invite.open')}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('invite.title')}</DialogTitle>
          <DialogDescription>{t('invite.text')}</DialogDescription>
        </DialogHeader>
        {succeeded ? (
          <Alert>
            <AlertDescription>{sentMessage(t, outcomes)}</AlertDescription>
          </Alert>
        ) : limitReached !== null && !outcomes ? (
          <>
            <PlanLimitNotice text={planLimitText(limitReached, 'members')} />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                {t('invite.cancel')}
              </Button>
            </DialogFooter>
          </>
        ) : (
          <Form {...form}>
            <form noValidate className="grid gap-5" onSubmit={onSubmit}>
              {sent.length > 0 && (
                <Alert>
                  <AlertDescription>{sentMessage(t, sent)}</AlertDescription>
                </Alert>
              )}
              {limited && <PlanLimitNotice text={limited.error!} />}
              {(problem || failures.length > 0) && (
                <Alert variant="destructive">
                  <AlertDescription>
                    {problem ?? <FailureList failures={failures} total={outcomes?.length ?? 0} />}
                  </AlertDescription>
                </Alert>
              )}
              <InviteRows disabled={invite.isPending} />
              {seatNotice?.(seats)}
              <DialogFooter>
                <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                  {t('invite.cancel')}
                </Button>
                <SubmitButton
                  isPending={invite.isPending}
                  pendingText={t('invite.sending')}
                  className="w-auto"
                >
                  {t('invite.send')}
                </SubmitButton>
              </DialogFooter>
            </form>
          </Form>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** docs/spec.md section 5: 'Invitation sent to {email}' for one, '{n} invitations sent successfully' for several. */
function sentMessage(t: TFunction<'members'>, sent: { email: string }[]): string {
  return t('invite.sent', { count: sent.length, email: sent[0]!.email });
}

/** One invite's failure is its text alone (e.g. 'User is already a member of this team'); several name their email. */
function FailureList({
  failures,
  total,
}: {
  failures: { email: string; error: string | null }[];
  total: number;
}) {
  const { t } = useTranslation('members');
  if (total === 1) return <p>{failures[0]!.error}</p>;
  return (
    <ul className="list-disc pl-5">
      {failures.map(({ email, error }, index) => (
        <li key={index}>{t('invite.failure', { email, error })}</li>
      ))}
    </ul>
  );
}
