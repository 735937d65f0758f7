import { FEEDBACK_MAX_LENGTH, FeedbackBodySchema } from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useLocation } from 'react-router';

import { ErrorAlert } from '@/components/error-alert';
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
} from '@/components/ui/dialog';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Textarea } from '@/components/ui/textarea';
import { useSubmitFeedback } from '@/features/feedback/api/submit-feedback';
import { useTranslation } from '@/lib/i18n/translation';

/** docs/spec.md section 9: success modals close 2000 ms after success. */
export const FEEDBACK_CLOSE_DELAY_MS = 2000;

/** docs/spec.md section 9: the shortcut key that toggles the modal. */
const FEEDBACK_SHORTCUT_KEY = 'f';

/** Marks the feedback modal, so that the shortcut can tell it from other dialogs. */
const FEEDBACK_DIALOG_ATTRIBUTE = 'data-feedback-dialog';

/** Where the f key is text (or a choice) being typed, not a shortcut. */
const TEXT_FIELDS = 'input, textarea, select, [contenteditable]:not([contenteditable="false"])';
/** Another dialog or a menu has the keyboard: its keys are its own, and no modal opens over a modal. */
const OTHER_LAYERS = `[role="dialog"]:not([${FEEDBACK_DIALOG_ATTRIBUTE}]), [role="alertdialog"], [role="menu"]`;

/** Whether a key press is the bare f key, pressed outside text fields and other dialogs (docs/spec.md section 2). */
function isFeedbackShortcut(event: KeyboardEvent): boolean {
  if (event.key !== FEEDBACK_SHORTCUT_KEY || event.defaultPrevented || event.repeat || event.isComposing) {
    return false;
  }
  if (event.ctrlKey || event.metaKey || event.altKey || event.shiftKey) return false;
  const target = event.target instanceof Element ? event.target : null;
  return !target?.closest(TEXT_FIELDS) && !target?.closest(OTHER_LAYERS);
}

const MessageSchema = FeedbackBodySchema.pick({ message: true });

type FeedbackDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The selected team, which the feedback is sent for (docs/spec.md section 7). */
  tenantUuid: string | null;
};

/**
 * The feedback modal of docs/spec.md sections 2 and 5; it sends the page the user is on as the route. While mounted,
 * the f key pressed outside text fields toggles it.
 */
export function FeedbackDialog({ open, onOpenChange, tenantUuid }: FeedbackDialogProps) {
  const { t } = useTranslation('feedback');
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isFeedbackShortcut(event)) return;
      event.preventDefault();
      onOpenChange(!open);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, onOpenChange]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent {...{ [FEEDBACK_DIALOG_ATTRIBUTE]: '' }}>
        <DialogHeader>
          <DialogTitle>{t('dialog.title')}</DialogTitle>
          <DialogDescription>{t('dialog.text')}</DialogDescription>
        </DialogHeader>
        {/* Mounted afresh on every opening: an empty text area and no old outcome. */}
        <FeedbackForm tenantUuid={tenantUuid} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function FeedbackForm({ tenantUuid, onDone }: { tenantUuid: string | null; onDone: () => void }) {
  const { t } = useTranslation('feedback');
  const { pathname } = useLocation();
  const submit = useSubmitFeedback(tenantUuid);
  const form = useForm({ resolver: zodResolver(MessageSchema), defaultValues: { message: '' } });
  const length = useWatch({ control: form.control, name: 'message' }).length;

  // The latest onDone, so that a parent's re-render does not restart the closing delay.
  const onDoneRef = useRef(onDone);
  useEffect(() => {
    onDoneRef.current = onDone;
  });
  useEffect(() => {
    if (!submit.isSuccess) return;
    const timer = setTimeout(() => onDoneRef.current(), FEEDBACK_CLOSE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [submit.isSuccess]);

  if (submit.isSuccess) {
    return (
      <Alert>
        <AlertDescription>{t('dialog.thanks')}</AlertDescription>
      </Alert>
    );
  }

  return (
    <Form {...form}>
      <form
        noValidate
        className="grid gap-4"
        onSubmit={form.handleSubmit(({ message }) => submit.mutate({ message, route: pathname }))}
      >
        {submit.isError && <ErrorAlert error={submit.error} fallback={t('dialog.failed')} />}
        <FormField
          control={form.control}
          name="message"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t('dialog.label')}</FormLabel>
              <FormControl>
                <Textarea
                  rows={6}
                  maxLength={FEEDBACK_MAX_LENGTH}
                  placeholder={t('dialog.placeholder')}
                  aria-required="true"
                  {...field}
                />
              </FormControl>
              <div className="flex items-start justify-between gap-3">
                <FormMessage />
                <p className="ml-auto text-xs text-muted-foreground tabular-nums">
                  {t('dialog.counter', { length, max: FEEDBACK_MAX_LENGTH })}
                </p>
              </div>
            </FormItem>
          )}
        />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onDone}>
            {t('dialog.cancel')}
          </Button>
          <SubmitButton isPending={submit.isPending} pendingText={t('dialog.sending')} className="w-auto">
            {t('dialog.send')}
          </SubmitButton>
        </DialogFooter>
      </form>
    </Form>
  );
}
