import type { InvoiceLine } from '@app/contract';

import { formatAmount } from '@/features/billing/utils/prices';
import { cn } from '@/lib/cn';
import { useFormat } from '@/lib/i18n/format';
import { useTranslation } from '@/lib/i18n/translation';

type InvoiceLinesTableProps = {
  lines: InvoiceLine[];
  currency: string;
  /** What the invoice comes to: the lines' sum, less the team's credit. */
  total: number;
  /** The table's accessible name, e.g. 'Lines of invoice INV-0001'. */
  label: string;
  className?: string;
};

// Below `sm` a line stacks: its description across the width, then quantity, unit price and amount side by side, each
// under its column's name (the name is for the eye; a screen reader hears the header row, kept for it).
const NUMBER_CELL = cn(
  'py-2 pl-3 text-right align-top whitespace-nowrap tabular-nums',
  'max-sm:p-0 max-sm:text-left max-sm:before:block max-sm:before:text-xs max-sm:before:text-muted-foreground',
  "max-sm:before:content-[attr(data-label)_/_'']",
);

/**
 * The lines of an invoice (docs/contract.md section 4, Per-seat billing): a period of the plan, and a prorated line for
 * each change of seats (negative for seats removed), then the credit applied and the total. Reflows at 390 px
 * without scrolling sideways.
 */
export function InvoiceLinesTable({ lines, currency, total, label, className }: InvoiceLinesTableProps) {
  const { t } = useTranslation('billing');
  const format = useFormat();
  const sum = lines.reduce((subtotal, line) => subtotal + line.amount, 0);
  // Credit from earlier changes pays part of it; an invoice never goes below zero.
  const credit = sum - total;
  const money = (amount: number) => formatAmount(format, amount, currency);

  return (
    <table role="table" aria-label={label} className={cn('w-full text-sm max-sm:block', className)}>
      <thead role="rowgroup" className="max-sm:sr-only">
        <tr role="row" className="border-b border-border text-xs text-muted-foreground">
          <th role="columnheader" scope="col" className="py-2 text-left font-medium">
            {t('lines.description')}
          </th>
          <th role="columnheader" scope="col" className="py-2 pl-3 text-right font-medium">
            {t('lines.quantity')}
          </th>
          <th role="columnheader" scope="col" className="py-2 pl-3 text-right font-medium whitespace-nowrap">
            {t('lines.unitPrice')}
          </th>
          <th role="columnheader" scope="col" className="py-2 pl-3 text-right font-medium">
            {t('lines.amount')}
          </th>
        </tr>
      </thead>
      <tbody role="rowgroup" className="max-sm:grid">
        {lines.map((line, index) => (
          <tr
            key={index}
            role="row"
            className="border-b border-border max-sm:grid max-sm:grid-cols-3 max-sm:gap-x-3 max-sm:gap-y-1.5 max-sm:py-3 max-sm:first:pt-0"
          >
            <td role="cell" className="py-2 align-top wrap-anywhere max-sm:col-span-3 max-sm:p-0">
              {line.description}
            </td>
            <td role="cell" data-label={t('lines.quantity')} className={NUMBER_CELL}>
              {format.count(line.quantity)}
            </td>
            <td role="cell" data-label={t('lines.unitPrice')} className={NUMBER_CELL}>
              {money(line.unit_amount)}
            </td>
            <td role="cell" data-label={t('lines.amount')} className={cn(NUMBER_CELL, 'max-sm:text-right')}>
              {money(line.amount)}
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot role="rowgroup" className="max-sm:grid max-sm:pt-3">
        {credit > 0 && (
          <tr role="row" className="max-sm:flex max-sm:justify-between max-sm:gap-3">
            <th
              role="rowheader"
              scope="row"
              colSpan={3}
              className="pt-2 text-right font-normal text-muted-foreground max-sm:p-0"
            >
              {t('lines.credit')}
            </th>
            <td role="cell" className="pt-2 pl-3 text-right whitespace-nowrap tabular-nums max-sm:p-0">
              {money(-credit)}
            </td>
          </tr>
        )}
        <tr role="row" className="max-sm:flex max-sm:justify-between max-sm:gap-3 max-sm:pt-1">
          <th role="rowheader" scope="row" colSpan={3} className="pt-2 text-right font-medium max-sm:p-0">
            {t('lines.total')}
          </th>
          <td
            role="cell"
            className="pt-2 pl-3 text-right font-semibold whitespace-nowrap tabular-nums max-sm:p-0"
          >
            {money(total)}
          </td>
        </tr>
      </tfoot>
    </table>
  );
}
