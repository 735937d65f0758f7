import { useFormContext } from 'react-hook-form';

import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { useTranslation } from '@/lib/i18n/translation';

/** The email field of the sign-in, sign-up and reset-request forms (docs/spec.md section 5 messages come from the schema). */
export function EmailField({ autoFocus = false }: { autoFocus?: boolean }) {
  const { t } = useTranslation('auth');
  const { control } = useFormContext<{ email: string }>();
  return (
    <FormField
      control={control}
      name="email"
      render={({ field }) => (
        <FormItem>
          <FormLabel>{t('emailField.label')}</FormLabel>
          <FormControl>
            <Input type="email" autoComplete="email" autoFocus={autoFocus} {...field} />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
