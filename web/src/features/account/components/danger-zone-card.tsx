import { ACCOUNT_EXPORT_FILENAME } from '@app/contract';

import { ErrorAlert } from '@/components/error-alert';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useDownloadAccountExport } from '@/features/account/api/export-account';
import { useTranslation } from '@/lib/i18n/translation';

import { DeleteAccountDialog } from './delete-account-dialog';

type DangerZoneCardProps = { email: string; hasPassword: boolean; twoFactorEnabled: boolean };

/** Taking the account's data away, or the account itself (docs/contract.md section 4). */
export function DangerZoneCard({ email, hasPassword, twoFactorEnabled }: DangerZoneCardProps) {
  const { t } = useTranslation('account');
  const download = useDownloadAccountExport();

  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle asChild>
          <h2>{t('dangerZone.title')}</h2>
        </CardTitle>
        <CardDescription>{t('dangerZone.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <section aria-labelledby="export-heading" className="grid gap-3">
          <div className="grid gap-1">
            <h3 id="export-heading" className="text-sm font-medium">
              {t('dangerZone.exportTitle')}
            </h3>
            <p className="text-sm text-muted-foreground">{t('dangerZone.exportText')}</p>
          </div>
          {download.isError && <ErrorAlert error={download.error} fallback={t('dangerZone.exportFailed')} />}
          {download.isSuccess && (
            <Alert>
              <AlertDescription>
                {t('dangerZone.exported', { file: ACCOUNT_EXPORT_FILENAME })}
              </AlertDescription>
            </Alert>
          )}
          <div>
            <Button variant="outline" disabled={download.isPending} onClick={() => download.mutate()}>
              {download.isPending && <Spinner />}
              {t('dangerZone.exportButton')}
            </Button>
          </div>
        </section>
        <section aria-labelledby="delete-heading" className="grid gap-3 border-t border-border pt-6">
          <div className="grid gap-1">
            <h3 id="delete-heading" className="text-sm font-medium">
              {t('dangerZone.deleteTitle')}
            </h3>
            <p className="text-sm text-muted-foreground">{t('dangerZone.deleteText')}</p>
          </div>
          <div>
            <DeleteAccountDialog
              email={email}
              hasPassword={hasPassword}
              twoFactorEnabled={twoFactorEnabled}
            />
          </div>
        </section>
      </CardContent>
    </Card>
  );
}
