import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';

import { ErrorAlert } from '@/components/error-alert';
import { SecondFactorCodeField } from '@/components/second-factor-code-field';
import { SubmitButton } from '@/components/submit-button';
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
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { useDeleteAccount } from '@/features/account/api/delete-account';
import { useTranslation } from '@/lib/i18n/translation';
import { isCodeRefusal, secondFactorCodeInput, useSecondFactorCode } from '@/lib/second-factor-code';
import { endSession } from '@/lib/session/session-store';

type DeleteAccountDialogProps = {
  email: string;
  /** With a password the account confirms with it; without one (Google, invited), with its email typed out. */
  hasPassword: boolean;
  /** With two-factor on, a code as well, whichever of the two it is (docs/contract.md section 4). */
  twoFactorEnabled: boolean;
};

/** What the dialog asks for, and how each is sent and labelled (keys of the `account` catalogue). */
const PROOFS = {
  password: {
    label: 'deleteDialog.passwordLabel',
    required: 'deleteDialog.passwordRequired',
    input: { type: 'password', autoComplete: 'current-password' },
    body: (value: string) => ({ password: value }),
  },
  email: {
    label: 'deleteDialog.emailLabel',
    required: 'deleteDialog.emailRequired',
    input: { type: 'email', autoComplete: 'off' },
    body: (value: string) => ({ confirm_email: value }),
  },
} as const;

/**
 * The "Delete account" button and the dialog it opens: asks for the password (or the email), and a code while
 * two-factor is on, and deletes the account; the server's refusal is shown as it says it. Closing it puts the focus
 * back on the button.
 */
export function DeleteAccountDialog({ email, hasPassword, twoFactorEnabled }: DeleteAccountDialogProps) {
  const { t } = useTranslation('account');
  const [open, setOpen] = useState(false);
  const proof = PROOFS[hasPassword ? 'password' : 'email'];
  const remove = useDeleteAccount();
  const secondFactor = useSecondFactorCode(twoFactorEnabled);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useForm({
    resolver: zodResolver(
      z.object({
        secret: z.string().trim().min(1, t(proof.required)),
        code: secondFactorCodeInput(secondFactor.isAsked),
      }),
    ),
    defaultValues: { secret: '', code: '' },
  });

  const close = (next: boolean) => {
    if (remove.isPending) return;
    if (!next) {
      form.reset();
      remove.reset();
    }
    setOpen(next);
  };

  const submit = ({ secret, code }: { secret: string; code?: string | undefined }) =>
    remove.mutate(
      { ...proof.body(secret), code },
      {
        onSuccess: () => {
          // The account is gone, and its tokens with it: this browser forgets them and says why on the sign-in page.
          endSession(t('deleteDialog.deleted'));
          queryClient.clear();
          void navigate(paths.auth.login.getHref(), { replace: true });
        },
        onError: (error) => secondFactor.showRefusal(error, form.setError),
      },
    );

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogTrigger asChild>
        <Button variant="outline" className="text-destructive">
          {t('deleteDialog.trigger')}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('deleteDialog.title')}</DialogTitle>
          <DialogDescription>{t('deleteDialog.text')}</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form noValidate className="grid gap-4" onSubmit={form.handleSubmit(submit)}>
            {remove.isError && !isCodeRefusal(remove.error) && (
              <ErrorAlert error={remove.error} fallback={t('deleteDialog.failed')} />
            )}
            <FormField
              control={form.control}
              name="secret"
              render={({ field }) => (
                <FormItem>
                  <FormLabel className="[overflow-wrap:anywhere]">{t(proof.label, { email })}</FormLabel>
                  <FormControl>
                    <Input {...proof.input} {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            {secondFactor.isAsked && <SecondFactorCodeField />}
            <DialogFooter>
              <Button
                type="button"
                variant="outline"
                disabled={remove.isPending}
                onClick={() => close(false)}
              >
                {t('deleteDialog.cancel')}
              </Button>
              <SubmitButton
                isPending={remove.isPending}
                pendingText={t('deleteDialog.deleting')}
                className="w-auto bg-destructive text-destructive-foreground hover:bg-destructive/90"
              >
                {t('deleteDialog.submit')}
              </SubmitButton>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
