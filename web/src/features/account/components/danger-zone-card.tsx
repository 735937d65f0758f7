import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useDownloadAccountExport } from '@/features/account/api/export-account';
import { getErrorText } from '@/lib/api-error';

import { DeleteAccountDialog } from './delete-account-dialog';

type DangerZoneCardProps = { email: string; hasPassword: boolean; twoFactorEnabled: boolean };

/** Taking the account's data away, or the account itself (docs/contract.md section 4). */
export function DangerZoneCard({ email, hasPassword, twoFactorEnabled }: DangerZoneCardProps) {
  const download = useDownloadAccountExport();

  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle asChild>
          <h2>Danger zone</h2>
        </CardTitle>
        <CardDescription>Your data, and your account itself.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <section aria-labelledby="export-heading" className="grid gap-3">
          <div className="grid gap-1">
            <h3 id="export-heading" className="text-sm font-medium">
              Export your data
            </h3>
            <p className="text-sm text-muted-foreground">
              A JSON file of your account, your teams, sessions and passkeys, and what you did in your teams.
            </p>
          </div>
          {download.isError && (
            <Alert variant="destructive">
              <AlertDescription>
                {getErrorText(download.error, 'Failed to export your data')}
              </AlertDescription>
            </Alert>
          )}
          {download.isSuccess && (
            <Alert>
              <AlertDescription>Your data was downloaded as tessera-account-export.json.</AlertDescription>
            </Alert>
          )}
          <div>
            <Button variant="outline" disabled={download.isPending} onClick={() => download.mutate()}>
              {download.isPending && <Spinner />}
              Export my data
            </Button>
          </div>
        </section>
        <section aria-labelledby="delete-heading" className="grid gap-3 border-t border-border pt-6">
          <div className="grid gap-1">
            <h3 id="delete-heading" className="text-sm font-medium">
              Delete your account
            </h3>
            <p className="text-sm text-muted-foreground">
              Your account goes for good, with the teams only you belong to, their data and their
              subscriptions. A team you own with other members must be handed over first.
            </p>
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
