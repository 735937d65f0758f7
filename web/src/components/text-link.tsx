import type { ComponentProps } from 'react';
import { Link } from 'react-router';

import { cn } from '@/lib/cn';

/** An in-app link inside text: underlined, so it is told apart by more than its colour (WCAG 1.4.1). */
export function TextLink({ className, ...props }: ComponentProps<typeof Link>) {
  return (
    <Link
      className={cn(
        'rounded-sm font-medium text-primary underline underline-offset-4 hover:decoration-2',
        className,
      )}
      {...props}
    />
  );
}
