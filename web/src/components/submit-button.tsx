import { LoaderCircle } from 'lucide-react';
import type { ComponentProps } from 'react';

import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

type SubmitButtonProps = ComponentProps<typeof Button> & {
  isPending: boolean;
  /** What the button says while its request runs, e.g. 'Signing in…'. */
  pendingText: string;
};

/** A form's submit button: while the request runs it spins, says so and cannot be pressed again. */
export function SubmitButton({ isPending, pendingText, children, className, ...props }: SubmitButtonProps) {
  return (
    <Button type="submit" disabled={isPending} className={cn('w-full', className)} {...props}>
      {isPending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
      {isPending ? pendingText : children}
    </Button>
  );
}
