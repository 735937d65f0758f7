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

/**
 * The `code` field of a form that changes the account's credentials while two-factor is on (lib/second-factor-code):
 * an authenticator's six digits or a recovery code, which has letters too.
 */
export function SecondFactorCodeField() {
  const { control } = useFormContext<{ code: string }>();
  return (
    <FormField
      control={control}
      name="code"
      render={({ field }) => (
        <FormItem>
          <FormLabel>Authentication code</FormLabel>
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
          <FormDescription>A code from your authenticator app, or a recovery code.</FormDescription>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
