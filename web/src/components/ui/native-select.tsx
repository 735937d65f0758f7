import { ChevronDownIcon } from 'lucide-react';
import type { ComponentProps } from 'react';

import { cn } from '@/lib/cn';

/** shadcn/ui's NativeSelect: the browser's own select, so it works with every keyboard and screen reader. */
export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return (
    <div data-slot="native-select-wrapper" className="relative w-full">
      <select
        data-slot="native-select"
        className={cn(
          'h-9 w-full min-w-0 appearance-none rounded-md border border-input bg-background py-1 pr-8 pl-3 text-base transition-colors outline-none disabled:cursor-not-allowed disabled:opacity-50 sm:text-sm',
          'focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40',
          className,
        )}
        {...props}
      />
      <ChevronDownIcon
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 text-muted-foreground"
      />
    </div>
  );
}
