import { type ReactNode, useEffect, useId, useRef } from 'react';

import { Spinner } from '@/components/ui/spinner';

export type PreferenceOption<T extends string> = {
  value: T;
  label: ReactNode;
  /** The language the label is written in, when it is not the page's (a language's own name). */
  lang?: string;
  icon?: ReactNode;
};

type PreferenceChoiceProps<T extends string> = {
  /** The group's visible name. */
  legend: string;
  options: readonly PreferenceOption<T>[];
  value: T;
  onChange: (value: T) => void;
  /** While the choice is being saved: the group is disabled and says so. */
  isPending: boolean;
  pendingText: string;
};

/**
 * One preference of the account, chosen among a few: native radio buttons in a fieldset named by its legend, so the
 * arrow keys move between them and a screen reader names the group. Choosing saves at once (the card's `onChange`).
 */
export function PreferenceChoice<T extends string>({
  legend,
  options,
  value,
  onChange,
  isPending,
  pendingText,
}: PreferenceChoiceProps<T>) {
  const name = useId();
  const group = useRef<HTMLFieldSetElement>(null);
  // The radio that was chosen with the keyboard loses the focus while the group is disabled: it gets it back after.
  const hadFocus = useRef(false);
  useEffect(() => {
    if (isPending || !hadFocus.current) return;
    hadFocus.current = false;
    group.current?.querySelector<HTMLInputElement>('input:checked')?.focus();
  }, [isPending]);

  return (
    // A fieldset laid out as a grid loses its legend as its name in Chromium: the grid is the div inside.
    <fieldset ref={group} disabled={isPending} aria-busy={isPending} className="min-w-0">
      <legend className="mb-3 text-sm font-medium">{legend}</legend>
      <div className="grid gap-2 sm:auto-cols-fr sm:grid-flow-col">
        {options.map((option) => (
          <label
            key={option.value}
            className="flex min-w-0 cursor-pointer items-center gap-3 rounded-md border border-border p-3 text-sm transition-colors hover:bg-muted has-checked:border-primary has-checked:bg-muted has-disabled:cursor-not-allowed has-disabled:opacity-60"
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => {
                hadFocus.current = group.current?.contains(document.activeElement) ?? false;
                onChange(option.value);
              }}
              className="size-4 shrink-0 accent-primary"
            />
            {option.icon}
            <span lang={option.lang} className="min-w-0 font-medium [overflow-wrap:anywhere]">
              {option.label}
            </span>
          </label>
        ))}
      </div>
      {isPending && (
        <p role="status" className="mt-3 flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner aria-hidden="true" />
          {pendingText}
        </p>
      )}
    </fieldset>
  );
}
