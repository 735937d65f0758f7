import { useFormContext } from 'react-hook-form';

import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';

type NewPasswordFieldsProps = { passwordLabel?: string; confirmLabel?: string };

/** The password and confirmation fields of a form built on `newPasswordFields` (docs/spec.md section 5). */
export function NewPasswordFields({
  passwordLabel = 'Password',
  confirmLabel = 'Confirm password',
}: NewPasswordFieldsProps) {
  const { control } = useFormContext<{ password: string; confirmPassword: string }>();
  return (
    <>
      <FormField
        control={control}
        name="password"
        render={({ field }) => (
          <FormItem>
            <FormLabel>{passwordLabel}</FormLabel>
            <FormControl>
              <Input type="password" autoComplete="new-password" {...field} />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
      <FormField
        control={control}
        name="confirmPassword"
        render={({ field }) => (
          <FormItem>
            <FormLabel>{confirmLabel}</FormLabel>
            <FormControl>
              <Input type="password" autoComplete="new-password" {...field} />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
    </>
  );
}
