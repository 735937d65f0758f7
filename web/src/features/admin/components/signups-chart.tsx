import type { AdminMetrics } from '@app/contract';
import { ChevronRight } from 'lucide-react';

import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDay } from '@/features/admin/components/display-formats';
import { useFormat } from '@/lib/i18n/format';
import { useTranslation } from '@/lib/i18n/translation';

type SignupsChartProps = { days: AdminMetrics['signups_by_day'] };

/** The drawing's own units; it stretches to the card's width and keeps this height. */
const WIDTH = 600;
const HEIGHT = 160;
const GAP = 4;

/**
 * Sign-ups per day as bars, drawn as plain SVG (no chart library: the signed-in bundle has a budget). The drawing is
 * hidden from screen readers; the same figures are a table under "Show as table".
 */
export function SignupsChart({ days }: SignupsChartProps) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  // A rounded top for the scale whose half is a whole number too: 2, 4, 10, 20, 40, 100…
  const scale = niceCeiling(Math.max(2, ...days.map((day) => day.count)));
  const barWidth = days.length > 0 ? WIDTH / days.length : WIDTH;
  const first = days[0];
  const last = days.at(-1);

  return (
    <div className="grid gap-3">
      <div className="grid grid-cols-[auto_1fr] gap-x-2">
        <div
          aria-hidden="true"
          className="flex flex-col justify-between text-right text-xs text-muted-foreground tabular-nums"
        >
          <span className="-translate-y-1/2">{format.count(scale)}</span>
          <span className="-translate-y-1/2">{format.count(scale / 2)}</span>
          <span className="translate-y-1/2">{format.count(0)}</span>
        </div>
        <svg
          aria-hidden="true"
          focusable="false"
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          preserveAspectRatio="none"
          className="h-40 w-full overflow-visible"
        >
          {[0, 0.5, 1].map((fraction) => (
            <line
              key={fraction}
              x1={0}
              x2={WIDTH}
              y1={HEIGHT * fraction}
              y2={HEIGHT * fraction}
              className="stroke-border"
              strokeWidth={1}
              vectorEffect="non-scaling-stroke"
            />
          ))}
          {days.map((day, index) => {
            const height = (day.count / scale) * HEIGHT;
            return (
              <rect
                key={day.date}
                x={index * barWidth + GAP / 2}
                y={HEIGHT - height}
                width={Math.max(1, barWidth - GAP)}
                height={height}
                rx={2}
                className="fill-primary"
              >
                <title>
                  {t('chart.bar', { day: formatDay(format, day.date), value: format.count(day.count) })}
                </title>
              </rect>
            );
          })}
        </svg>
        <span aria-hidden="true" />
        {first && last && (
          <div aria-hidden="true" className="flex justify-between pt-1 text-xs text-muted-foreground">
            <span>{formatDay(format, first.date)}</span>
            <span>{formatDay(format, last.date)}</span>
          </div>
        )}
      </div>
      <details className="group text-sm">
        <summary className="inline-flex cursor-pointer list-none items-center gap-1 rounded-md font-medium text-primary [&::-webkit-details-marker]:hidden">
          <ChevronRight className="size-4 transition-transform group-open:rotate-90" aria-hidden="true" />
          {t('chart.showTable')}
        </summary>
        <div className="mt-3 max-h-80 overflow-y-auto">
          <Table aria-label={t('chart.tableLabel')}>
            <TableHeader>
              <TableRow>
                <TableHead>{t('chart.date')}</TableHead>
                <TableHead className="text-right">{t('chart.signups')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {days.map((day) => (
                <TableRow key={day.date}>
                  <TableCell className="whitespace-nowrap">{formatDay(format, day.date)}</TableCell>
                  <TableCell label={t('chart.signups')} className="text-right tabular-nums">
                    {format.count(day.count)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      </details>
    </div>
  );
}

function niceCeiling(value: number) {
  const magnitude = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 4, 10].find((factor) => factor * magnitude >= value) ?? 10;
  return step * magnitude;
}
