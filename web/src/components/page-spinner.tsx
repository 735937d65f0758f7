import { Spinner } from '@/components/ui/spinner';

/** Fills the screen while the session or a page's code loads (docs/spec.md section 2). */
export function PageSpinner() {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <Spinner className="size-8 text-primary" />
    </div>
  );
}
