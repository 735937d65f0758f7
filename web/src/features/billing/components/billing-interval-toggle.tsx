import type { BillingInterval } from '@app/contract';
import { RadioGroup } from 'radix-ui';

import { cn } from '@/lib/cn';
import { useTranslation } from '@/lib/i18n/translation';

type BillingIntervalToggleProps = {
  value: BillingInterval;
  onValueChange: (value: BillingInterval) => void;
  className?: string;
};

const OPTIONS = [
  { value: 'monthly', label: 'interval.monthly' },
  { value: 'annual', label: 'interval.annual' },
] as const satisfies readonly { value: BillingInterval; label: string }[];

/** The monthly/annual switch of the plan picker (docs/spec.md section 4): a radio group, arrow keys move the choice. */
export function BillingIntervalToggle({ value, onValueChange, className }: BillingIntervalToggleProps) {
  const { t } = useTranslation('billing');
  return (
    <RadioGroup.Root
      aria-label={t('interval.label')}
      orientation="horizontal"
      value={value}
      onValueChange={(next) => onValueChange(next as BillingInterval)}
      className={cn('inline-flex w-fit rounded-lg border border-border bg-muted p-1', className)}
    >
      {OPTIONS.map((option) => (
        <RadioGroup.Item
          key={option.value}
          value={option.value}
          className="inline-flex h-8 items-center gap-2 rounded-md px-3 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground data-[state=checked]:bg-card data-[state=checked]:text-foreground data-[state=checked]:shadow-sm"
        >
          {t(option.label)}
          {option.value === 'annual' && (
            <span className="rounded-sm bg-primary px-1.5 py-0.5 text-xs font-semibold text-primary-foreground">
              {t('interval.save')}
            </span>
          )}
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
  );
}
