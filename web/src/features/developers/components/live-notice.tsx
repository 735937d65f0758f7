import { Alert, AlertDescription } from '@/components/ui/alert';
import { cn } from '@/lib/cn';

/**
 * What the last action did ('Revoked the API key “CI”.'), announced politely. The region stays mounted, empty and
 * unseen until there is something to say, so screen readers hear every message, the first one too.
 */
export function LiveNotice({ children }: { children: string | null }) {
  return (
    <Alert className={cn(!children && 'sr-only')}>
      <AlertDescription>{children}</AlertDescription>
    </Alert>
  );
}
