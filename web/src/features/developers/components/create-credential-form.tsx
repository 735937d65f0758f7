import { type ReactNode, useId } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

import { SubmitButton } from '@/components/submit-button';
import { Form } from '@/components/ui/form';

type CreateCredentialFormProps<T extends FieldValues> = {
  form: UseFormReturn<T>;
  onSubmit: () => void;
  title: string;
  /** The failure to show above the fields, if any. */
  error: ReactNode;
  isPending: boolean;
  pendingText: string;
  submitText: string;
  /** The fields. */
  children: ReactNode;
};

/** The frame of the form that makes a team credential (an API key, a webhook endpoint), named by its heading. */
export function CreateCredentialForm<T extends FieldValues>({
  form,
  onSubmit,
  title,
  error,
  isPending,
  pendingText,
  submitText,
  children,
}: CreateCredentialFormProps<T>) {
  const titleId = useId();
  return (
    <Form {...form}>
      <form noValidate className="grid gap-5" onSubmit={onSubmit} aria-labelledby={titleId}>
        <h3 id={titleId} className="text-base font-semibold">
          {title}
        </h3>
        {error}
        {children}
        <div>
          <SubmitButton isPending={isPending} pendingText={pendingText} className="w-full sm:w-auto">
            {submitText}
          </SubmitButton>
        </div>
      </form>
    </Form>
  );
}
