import { Eye, LoaderCircle } from 'lucide-react';

import { Button } from '@/components/ui/button';
import { useStopImpersonation } from '@/features/admin/api/stop-impersonation';
import { useTranslation } from '@/lib/i18n/translation';
import { useSession } from '@/lib/session/use-session';

/**
 * docs/contract.md section 4, Operators: while an operator views the app as another account, every signed-in page
 * says so at its top, with "Stop" to go back to their own session.
 */
export function ImpersonationBanner() {
  const { t } = useTranslation('admin');
  const { isImpersonating, email } = useSession();
  const stop = useStopImpersonation();
  if (!isImpersonating) return null;

  return (
    <section
      aria-label={t('banner.label')}
      className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 bg-primary px-4 py-2 text-sm text-primary-foreground sm:px-6"
    >
      <p role="status" className="flex min-w-0 items-center gap-2 font-medium">
        <Eye className="size-4 shrink-0" aria-hidden="true" />
        <span className="min-w-0 break-all">{t('banner.viewingAs', { email })}</span>
      </p>
      <Button
        size="sm"
        variant="outline"
        className="border-transparent bg-card text-foreground hover:bg-muted focus-visible:ring-primary-foreground focus-visible:ring-offset-primary"
        disabled={stop.isPending}
        onClick={() => stop.mutate()}
      >
        {stop.isPending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
        {t('banner.stop')}
      </Button>
    </section>
  );
}
