import { useFormContext } from 'react-hook-form';

import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useTranslation } from '@/lib/i18n/translation';

type TeamFieldsProps = { descriptionLabel: string; descriptionRows: number; readOnly?: boolean };

/** A team's name and description, as both the create-team dialog and the team settings form edit them. */
export function TeamFields({ descriptionLabel, descriptionRows, readOnly = false }: TeamFieldsProps) {
  const { t } = useTranslation('tenants');
  const { control } = useFormContext<{ name: string; description?: string | null }>();
  return (
    <>
      <FormField
        control={control}
        name="name"
        render={({ field }) => (
          <FormItem>
            <FormLabel>{t('fields.name')}</FormLabel>
            <FormControl>
              <Input readOnly={readOnly} autoComplete="organization" {...field} />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
      <FormField
        control={control}
        name="description"
        render={({ field }) => (
          <FormItem>
            <FormLabel>{descriptionLabel}</FormLabel>
            <FormControl>
              <Textarea rows={descriptionRows} readOnly={readOnly} {...field} value={field.value ?? ''} />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
    </>
  );
}
