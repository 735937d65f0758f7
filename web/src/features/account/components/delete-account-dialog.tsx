import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';

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
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { useDeleteAccount } from '@/features/account/api/delete-account';
import { getErrorText } from '@/lib/api-error';
import { endSession } from '@/lib/session/session-store';

type DeleteAccountDialogProps = {
  email: string;
  /** With a password the account confirms with it; without one (Google, invited), with its email typed out. */
  hasPassword: boolean;
};

const ACCOUNT_DELETED_NOTICE = 'Your account has been deleted.';

/**
 * The "Delete account" button and the dialog it opens: asks for the password (or the email) and deletes the account;
 * the server's refusal is shown as it says it. Closing it puts the focus back on the button.
 */
export function DeleteAccountDialog({ email, hasPassword }: DeleteAccountDialogProps) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteAccount();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useForm({
    resolver: zodResolver(
      z.object({
        secret: z
          .string()
          .trim()
          .min(1, hasPassword ? 'Current password is required' : 'Type your email to confirm'),
      }),
    ),
    defaultValues: { secret: '' },
  });

  const close = (next: boolean) => {
    if (remove.isPending) return;
    if (!next) {
      form.reset();
      remove.reset();
    }
    setOpen(next);
  };

  const submit = ({ secret }: { secret: string }) =>
    remove.mutate(hasPassword ? { password: secret } : { confirm_email: secret }, {
      onSuccess: () => {
        // The account is gone, and its tokens with it: this browser forgets them and says why on the sign-in page.
        endSession(ACCOUNT_DELETED_NOTICE);
        queryClient.clear();
        void navigate(paths.auth.login.getHref(), { replace: true });
      },
    });

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogTrigger asChild>
        <Button variant="outline" className="text-destructive">
          Delete account
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete your account?</DialogTitle>
          <DialogDescription>
            This cannot be undone. Your account, your sessions and the teams only you belong to are deleted at
            once, with their data; their subscriptions are cancelled.
          </DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form noValidate className="grid gap-4" onSubmit={form.handleSubmit(submit)}>
            {remove.isError && (
              <Alert variant="destructive">
                <AlertDescription>
                  {getErrorText(remove.error, 'Failed to delete your account')}
                </AlertDescription>
              </Alert>
            )}
            <FormField
              control={form.control}
              name="secret"
              render={({ field }) => (
                <FormItem>
                  <FormLabel className="break-words">
                    {hasPassword ? 'Current password' : `Type your email (${email}) to confirm`}
                  </FormLabel>
                  <FormControl>
                    <Input
                      type={hasPassword ? 'password' : 'email'}
                      autoComplete={hasPassword ? 'current-password' : 'off'}
                      {...field}
                    />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <DialogFooter>
              <Button
                type="button"
                variant="outline"
                disabled={remove.isPending}
                onClick={() => close(false)}
              >
                Cancel
              </Button>
              <SubmitButton
                isPending={remove.isPending}
                pendingText="Deleting…"
                className="w-auto bg-destructive text-white hover:bg-destructive/90"
              >
                Delete my account
              </SubmitButton>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
