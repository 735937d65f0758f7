import { useFormContext } from 'react-hook-form';

import {
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { useTranslation } from '@/lib/i18n/translation';

/**
 * The `code` field of a form that changes the account's credentials while two-factor is on (lib/second-factor-code):
 * an authenticator's six digits or a recovery code, which has letters too.
 */
export function SecondFactorCodeField() {
  const { t } = useTranslation();
  const { control } = useFormContext<{ code: string }>();
  return (
    <FormField
      control={control}
      name="code"
      render={({ field }) => (
        <FormItem>
          <FormLabel>{t('secondFactor.label')}</FormLabel>
          <FormControl>
            <Input
              type="text"
              autoComplete="one-time-code"
              inputMode="text"
              spellCheck={false}
              autoCapitalize="none"
              autoCorrect="off"
              maxLength={64}
              className="font-mono tracking-widest"
              {...field}
            />
          </FormControl>
          <FormDescription>{t('secondFactor.hint')}</FormDescription>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
