import type { ComponentProps } from 'react';

import { cn } from '@/lib/cn';

/**
 * shadcn/ui's Table, phone-first: below the `sm` breakpoint each row stacks as a card, every cell on its own line
 * after its column's name (TableCell's `label`), so no page scrolls sideways at 390 px and a row's actions stay in
 * reach. From `sm` up it is a table, whose wrapper scrolls sideways if it must and takes the keyboard focus so that
 * it can be scrolled without a mouse (WCAG 2.1.1). The roles are explicit because a table laid out as blocks loses
 * them in some browsers.
 */
export function Table({ className, ...props }: ComponentProps<'table'>) {
  return (
    <div data-slot="table-container" tabIndex={0} className="relative w-full overflow-x-auto rounded-sm">
      <table
        data-slot="table"
        role="table"
        className={cn('w-full caption-bottom text-sm max-sm:block', className)}
        {...props}
      />
    </div>
  );
}

export function TableHeader({ className, ...props }: ComponentProps<'thead'>) {
  return (
    <thead
      data-slot="table-header"
      role="rowgroup"
      className={cn('max-sm:sr-only [&_tr]:border-b', className)}
      {...props}
    />
  );
}

export function TableBody({ className, ...props }: ComponentProps<'tbody'>) {
  return (
    <tbody
      data-slot="table-body"
      role="rowgroup"
      className={cn('max-sm:grid max-sm:gap-3 sm:[&_tr:last-child]:border-0', className)}
      {...props}
    />
  );
}

export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return (
    <tr
      data-slot="table-row"
      role="row"
      className={cn(
        'border-b border-border max-sm:grid max-sm:gap-2 max-sm:rounded-md max-sm:border max-sm:bg-card max-sm:p-3',
        className,
      )}
      {...props}
    />
  );
}

export function TableHead({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      data-slot="table-head"
      role="columnheader"
      className={cn(
        'h-10 px-2 text-left align-middle font-medium whitespace-nowrap text-muted-foreground',
        className,
      )}
      {...props}
    />
  );
}

/**
 * `label`, the column's name, heads the cell when its row is a card; a cell without one (the row's title, its
 * actions) takes the card's whole width.
 */
export function TableCell({ className, label, ...props }: ComponentProps<'td'> & { label?: string }) {
  return (
    <td
      data-slot="table-cell"
      role="cell"
      data-label={label}
      className={cn(
        // Anywhere, not break-word: only `anywhere` lets a long address or URL shrink the card's min-content width, so
        // one such value cannot widen every card past the screen.
        'p-2 align-middle max-sm:block max-sm:p-0 max-sm:text-left max-sm:wrap-anywhere',
        'max-sm:data-label:grid max-sm:data-label:grid-cols-[minmax(6rem,35%)_1fr] max-sm:data-label:gap-2',
        'max-sm:data-label:before:font-medium max-sm:data-label:before:text-muted-foreground',
        // The name is for the eye: its alternative text is empty, so a cell's accessible name stays its value (a screen
        // reader hears the column's header, kept in the hidden header row).
        "max-sm:data-label:before:content-[attr(data-label)_/_'']",
        className,
      )}
      {...props}
    />
  );
}
