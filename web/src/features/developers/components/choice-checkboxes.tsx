import { useId, type Ref } from 'react';

import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { validationText } from '@/lib/i18n/messages';

type ChoiceCheckboxesProps<T extends string> = {
  legend: string;
  /** The values to choose from, each shown as it is sent (a scope or an event name). */
  options: readonly T[];
  /** A line under a value saying what it allows. */
  hints?: Record<T, string>;
  value: readonly T[];
  onChange: (value: T[]) => void;
  /** The field's validation message (a schema's key): the group is described by it and each box marked invalid. */
  error?: string;
  /** react-hook-form's field ref, given to the first box so a failed submit focuses the group. */
  inputRef?: Ref<HTMLButtonElement>;
  disabled?: boolean;
};

/** A fieldset of checkboxes for a field holding a list of choices (an API key's scopes, an endpoint's events). */
export function ChoiceCheckboxes<T extends string>({
  legend,
  options,
  hints,
  value,
  onChange,
  error,
  inputRef,
  disabled,
}: ChoiceCheckboxesProps<T>) {
  const id = useId();
  const errorId = `${id}-error`;
  const toggle = (option: T, checked: boolean) =>
    onChange(
      checked ? options.filter((o) => o === option || value.includes(o)) : value.filter((o) => o !== option),
    );

  return (
    <fieldset className="grid gap-3" aria-describedby={error ? errorId : undefined} disabled={disabled}>
      <legend
        data-error={!!error}
        className="mb-3 text-sm leading-none font-medium data-[error=true]:text-destructive"
      >
        {legend}
      </legend>
      <div className="grid gap-3 sm:max-w-2xl sm:grid-cols-2">
        {options.map((option, index) => {
          const boxId = `${id}-${option}`;
          const hint = hints?.[option];
          return (
            <div key={option} className="flex items-start gap-2">
              <Checkbox
                ref={index === 0 ? inputRef : undefined}
                id={boxId}
                className="mt-0.5"
                checked={value.includes(option)}
                onCheckedChange={(checked) => toggle(option, checked === true)}
                aria-invalid={!!error}
                aria-describedby={hint ? `${boxId}-hint` : undefined}
              />
              <div className="grid min-w-0 gap-1">
                <Label htmlFor={boxId} className="font-mono leading-5 [overflow-wrap:anywhere]">
                  {option}
                </Label>
                {hint && (
                  <p id={`${boxId}-hint`} className="text-sm text-muted-foreground">
                    {hint}
                  </p>
                )}
              </div>
            </div>
          );
        })}
      </div>
      {error && (
        <p id={errorId} className="text-sm text-destructive">
          {validationText(error)}
        </p>
      )}
    </fieldset>
  );
}
