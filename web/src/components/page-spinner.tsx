import { Spinner } from '@/components/ui/spinner';

/**
 * Fills the screen while the session or a page's code loads (docs/spec.md section 2). The browser suite's
 * accessibility scan waits for `data-page-loading` to go: it judges the page, not the moment before it.
 */
export function PageSpinner() {
  return (
    <div data-page-loading className="flex min-h-dvh items-center justify-center">
      <Spinner className="size-8 text-primary" />
    </div>
  );
}
