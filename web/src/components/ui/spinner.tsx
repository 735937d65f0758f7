import { LoaderCircle } from 'lucide-react';
import type { ComponentProps } from 'react';

import { cn } from '@/lib/cn';
import { useTranslation } from '@/lib/i18n/translation';

export function Spinner({ className, ...props }: ComponentProps<'svg'>) {
  const { t } = useTranslation();
  return (
    <LoaderCircle
      data-slot="spinner"
      role="status"
      aria-label={t('spinner.loading')}
      className={cn('size-4 animate-spin', className)}
      {...props}
    />
  );
}
