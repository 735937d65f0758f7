import { Receipt } from 'lucide-react';

import { addedSeatsText, type SeatPrice } from '@/features/billing/utils/seats';
import { useFormat } from '@/lib/i18n/format';
import { useTranslation } from '@/lib/i18n/translation';

type SeatCostNoticeProps = {
  price: SeatPrice;
  /** The people about to be invited: each takes a seat once they join. */
  seats: number;
};

/**
 * What an invitation adds to a per-seat subscription, said before it is sent (docs/contract.md section 4, Per-seat
 * billing): 'Adds 1 seat: $99.00 a month'. Information, not a warning: no live region, it is read with the form.
 */
export function SeatCostNotice({ price, seats }: SeatCostNoticeProps) {
  const { t } = useTranslation('billing');
  const format = useFormat();
  return (
    <p
      data-slot="seat-cost-notice"
      className="flex items-start gap-2 rounded-md border border-border bg-muted px-3 py-2 text-sm"
    >
      <Receipt className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <span>{addedSeatsText(seats, price, t, format)}</span>
    </p>
  );
}
