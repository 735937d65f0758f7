import { Alert, AlertDescription } from '@/components/ui/alert';

/**
 * What the last action did ('Revoked the API key “CI”.'), announced politely. The status region stays mounted, empty
 * and out of the layout until there is something to say, so screen readers hear every message, the first one too;
 * the box inside is the alert's look, without a role of its own.
 */
export function LiveNotice({ children }: { children: string | null }) {
  return (
    <div role="status" className={children ? undefined : 'sr-only'}>
      {children && (
        <Alert role="none">
          <AlertDescription>{children}</AlertDescription>
        </Alert>
      )}
    </div>
  );
}
