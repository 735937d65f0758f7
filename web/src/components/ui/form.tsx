/**
 * shadcn/ui's form parts over react-hook-form: FormItem makes an id, FormLabel points at it, FormControl
 * marks the control invalid and describes it by its hint (FormDescription) and its message, so labels, hints and
 * errors are tied to inputs.
 */
import { Slot } from 'radix-ui';
import { createContext, useContext, useId, useLayoutEffect, useState, type ComponentProps } from 'react';
import {
  Controller,
  FormProvider,
  useFormContext,
  useFormState,
  type ControllerProps,
  type FieldPath,
  type FieldValues,
} from 'react-hook-form';

import { Label } from '@/components/ui/label';
import { cn } from '@/lib/cn';
import { validationText } from '@/lib/i18n/messages';

export const Form = FormProvider;

const FormFieldContext = createContext<{ name: string } | null>(null);
type FormItemState = {
  id: string;
  /** Whether a FormDescription is shown: the control is described by it only then. */
  hasDescription: boolean;
  setHasDescription: (shown: boolean) => void;
};

const FormItemContext = createContext<FormItemState | null>(null);

export function FormField<
  TFieldValues extends FieldValues = FieldValues,
  TName extends FieldPath<TFieldValues> = FieldPath<TFieldValues>,
  TTransformedValues = TFieldValues,
>(props: ControllerProps<TFieldValues, TName, TTransformedValues>) {
  return (
    <FormFieldContext.Provider value={{ name: props.name }}>
      <Controller {...props} />
    </FormFieldContext.Provider>
  );
}

function useFormField() {
  const field = useContext(FormFieldContext);
  const item = useContext(FormItemContext);
  if (!field || !item) throw new Error('Form parts must sit inside <FormField> and <FormItem>');
  const { getFieldState } = useFormContext();
  const formState = useFormState({ name: field.name });
  const { error } = getFieldState(field.name, formState);
  return {
    error,
    item,
    formItemId: `${item.id}-form-item`,
    formDescriptionId: `${item.id}-form-item-description`,
    formMessageId: `${item.id}-form-item-message`,
  };
}

export function FormItem({ className, ...props }: ComponentProps<'div'>) {
  const id = useId();
  const [hasDescription, setHasDescription] = useState(false);
  return (
    <FormItemContext.Provider value={{ id, hasDescription, setHasDescription }}>
      <div data-slot="form-item" className={cn('grid gap-2', className)} {...props} />
    </FormItemContext.Provider>
  );
}

export function FormLabel({ className, ...props }: ComponentProps<typeof Label>) {
  const { error, formItemId } = useFormField();
  return (
    <Label
      data-slot="form-label"
      data-error={!!error}
      className={cn('data-[error=true]:text-destructive', className)}
      htmlFor={formItemId}
      {...props}
    />
  );
}

export function FormControl(props: ComponentProps<typeof Slot.Root>) {
  const { error, item, formItemId, formDescriptionId, formMessageId } = useFormField();
  const describedBy = [item.hasDescription && formDescriptionId, error && formMessageId].filter(Boolean);
  return (
    <Slot.Root
      data-slot="form-control"
      id={formItemId}
      aria-describedby={describedBy.length > 0 ? describedBy.join(' ') : undefined}
      aria-invalid={!!error}
      {...props}
    />
  );
}

/** A hint under the control, read out with it. */
export function FormDescription({ className, ...props }: ComponentProps<'p'>) {
  const { item, formDescriptionId } = useFormField();
  const { setHasDescription } = item;
  // Before paint, so the control is never shown without its hint's reference.
  useLayoutEffect(() => {
    setHasDescription(true);
    return () => setHasDescription(false);
  }, [setHasDescription]);
  return (
    <p
      data-slot="form-description"
      id={formDescriptionId}
      className={cn('text-sm text-muted-foreground', className)}
      {...props}
    />
  );
}

export function FormMessage({ className, children, ...props }: ComponentProps<'p'>) {
  const { error, formMessageId } = useFormField();
  // A contract schema's message is a key, shown in the user's language.
  const body = error ? validationText(String(error.message ?? '')) : children;
  if (!body) return null;
  return (
    <p
      data-slot="form-message"
      id={formMessageId}
      className={cn('text-sm text-destructive', className)}
      {...props}
    >
      {body}
    </p>
  );
}
