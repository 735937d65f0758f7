import { Alert, AlertDescription } from '@/components/ui/alert';
import { getErrorText } from '@/lib/api-error';

type ErrorAlertProps = {
  /** What the failed request threw: its server detail is shown, in the user's language. */
  error: unknown;
  /** The page's text for a failure without a detail (docs/spec.md section 8). */
  fallback: string;
  className?: string;
};

/** A failed request, as every form and list shows one: a red box (role="alert") with the reason. */
export function ErrorAlert({ error, fallback, className }: ErrorAlertProps) {
  return (
    <Alert variant="destructive" className={className}>
      <AlertDescription>{getErrorText(error, fallback)}</AlertDescription>
    </Alert>
  );
}
