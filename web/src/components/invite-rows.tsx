import { AssignableRoleSchema, type AssignableRole } from '@app/contract';
import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray, useFormContext } from 'react-hook-form';

import { Button } from '@/components/ui/button';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { useTranslation } from '@/lib/i18n/translation';

export type InviteRow = { email: string; role: AssignableRole };
export type InviteRowsValues = { invites: InviteRow[] };

/** A new row: invites default to member (docs/spec.md section 6). */
export const blankInviteRow = (): InviteRow => ({ email: '', role: 'member' });

/** The rows with an email, trimmed; blank rows are skipped (docs/spec.md section 5). */
export const filledInviteRows = (rows: InviteRow[]): InviteRow[] =>
  rows.map((row) => ({ ...row, email: row.email.trim() })).filter((row) => row.email);

/**
 * Invite rows (email and role) of a form with an `invites` field: rows can be added and removed, but at
 * least one always stays (docs/spec.md section 5). Only the members' invite dialog and the create-team dialog use
 * them, so their words are in the `members` catalogue.
 */
export function InviteRows({ disabled = false }: { disabled?: boolean }) {
  const { t } = useTranslation('members');
  const { control } = useFormContext<InviteRowsValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'invites' });

  return (
    <fieldset className="grid gap-3" disabled={disabled}>
      <legend className="mb-2 text-sm font-medium">{t('rows.legend')}</legend>
      {fields.map((row, index) => (
        <div
          key={row.id}
          className="grid grid-cols-[1fr_auto] items-start gap-2 sm:grid-cols-[1fr_9rem_auto]"
        >
          <FormField
            control={control}
            name={`invites.${index}.email`}
            render={({ field }) => (
              <FormItem className="col-span-2 sm:col-span-1">
                <FormLabel className="sr-only">{t('rows.email', { number: index + 1 })}</FormLabel>
                <FormControl>
                  <Input
                    type="email"
                    autoComplete="off"
                    placeholder={t('rows.emailPlaceholder')}
                    {...field}
                  />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={control}
            name={`invites.${index}.role`}
            render={({ field }) => (
              <FormItem>
                <FormLabel className="sr-only">{t('rows.role', { number: index + 1 })}</FormLabel>
                <FormControl>
                  <NativeSelect {...field}>
                    {AssignableRoleSchema.options.map((role) => (
                      <option key={role} value={role}>
                        {t(`roles.${role}`)}
                      </option>
                    ))}
                  </NativeSelect>
                </FormControl>
              </FormItem>
            )}
          />
          <Button
            type="button"
            variant="ghost"
            size="icon"
            disabled={fields.length === 1}
            onClick={() => remove(index)}
            aria-label={t('rows.remove', { number: index + 1 })}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      ))}
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="w-fit"
        onClick={() => append(blankInviteRow())}
      >
        <Plus aria-hidden="true" />
        {t('rows.add')}
      </Button>
    </fieldset>
  );
}
