import type { Me } from '@app/contract';
import { Check, Copy, Download } from 'lucide-react';
import { useState } from 'react';

import { SignInAgain } from '@/components/sign-in-again';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useDisableTwoFactor, useEnableTwoFactor, useSetUpTwoFactor } from '@/features/auth/api/two-factor';
import { CodeForm } from '@/features/auth/components/code-form';
import { QrCode } from '@/features/auth/components/qr-code';
import { getErrorText } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n/translation';

/**
 * Two-factor authentication (docs/contract.md section 4): set up with a QR code and a first code, ten recovery codes
 * shown once (to copy or download), and turned off with a code.
 */
export function TwoFactorCard({ me }: { me: Me }) {
  const { t } = useTranslation('account');
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [turningOff, setTurningOff] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const setup = useSetUpTwoFactor();
  const enable = useEnableTwoFactor();
  const disable = useDisableTwoFactor();

  const cancelSetup = () => {
    setup.reset();
    enable.reset();
  };

  let body;
  if (recoveryCodes) {
    body = (
      <RecoveryCodesView
        codes={recoveryCodes}
        onDone={() => {
          setRecoveryCodes(null);
          setNotice(t('twoFactor.turnedOn'));
        }}
      />
    );
  } else if (me.two_factor_enabled) {
    body = turningOff ? (
      <CodeForm
        kind="either"
        submitText={t('twoFactor.turnOffSubmit')}
        pendingText={t('twoFactor.turningOff')}
        isPending={disable.isPending}
        error={disable.isError ? getErrorText(disable.error, t('twoFactor.turnOffFailed')) : null}
        onSubmit={(code) =>
          disable.mutate(code, {
            onSuccess: () => {
              setTurningOff(false);
              setNotice(t('twoFactor.turnedOff'));
            },
          })
        }
      >
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            disable.reset();
            setTurningOff(false);
          }}
        >
          {t('twoFactor.cancel')}
        </Button>
      </CodeForm>
    ) : (
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">{t('twoFactor.enabledText')}</p>
        <Button
          variant="outline"
          onClick={() => {
            setNotice(null);
            setTurningOff(true);
          }}
        >
          {t('twoFactor.turnOff')}
        </Button>
      </div>
    );
  } else if (setup.isSuccess) {
    const { secret, otpauth_url } = setup.data;
    body = (
      <div className="grid gap-4">
        <ol className="grid list-decimal gap-2 pl-5 text-sm">
          <li>{t('twoFactor.scanStep')}</li>
          <li>{t('twoFactor.codeStep')}</li>
        </ol>
        <div className="grid justify-items-center gap-3 sm:grid-cols-[auto_1fr] sm:items-center sm:justify-items-start">
          <QrCode
            value={otpauth_url}
            label={t('twoFactor.qrLabel')}
            className="size-44 rounded-md border border-border"
          />
          <div className="grid min-w-0 gap-1 text-sm">
            <p className="text-muted-foreground">{t('twoFactor.cantScan')}</p>
            <code className="rounded bg-muted px-2 py-1 font-mono break-all">
              {secret.match(/.{1,4}/g)!.join(' ')}
            </code>
            <CopyButton text={secret} label={t('twoFactor.copyKey')} size="sm" />
          </div>
        </div>
        <CodeForm
          kind="totp"
          submitText={t('twoFactor.turnOn')}
          pendingText={t('twoFactor.turningOn')}
          isPending={enable.isPending}
          error={enable.isError ? getErrorText(enable.error, t('twoFactor.turnOnFailed')) : null}
          onSubmit={(code) =>
            enable.mutate(code, { onSuccess: ({ recovery_codes }) => setRecoveryCodes(recovery_codes) })
          }
        >
          <Button type="button" variant="outline" onClick={cancelSetup}>
            {t('twoFactor.cancel')}
          </Button>
        </CodeForm>
      </div>
    );
  } else {
    body = (
      <div className="grid gap-3">
        {setup.isError && (
          <Alert variant="destructive">
            <AlertDescription className="grid gap-2">
              {getErrorText(setup.error, t('twoFactor.setupFailed'))}
              <SignInAgain error={setup.error} />
            </AlertDescription>
          </Alert>
        )}
        {!me.is_verified && <p className="text-sm text-muted-foreground">{t('twoFactor.verifyFirst')}</p>}
        <Button
          className="justify-self-start"
          disabled={!me.is_verified || setup.isPending}
          onClick={() => {
            setNotice(null);
            setup.mutate();
          }}
        >
          {setup.isPending && <Spinner />}
          {t('twoFactor.setUp')}
        </Button>
      </div>
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2 className="flex flex-wrap items-center gap-2">
            {t('twoFactor.title')}
            <Badge variant={me.two_factor_enabled ? 'default' : 'outline'}>
              {me.two_factor_enabled ? t('twoFactor.on') : t('twoFactor.off')}
            </Badge>
          </h2>
        </CardTitle>
        <CardDescription>{t('twoFactor.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {notice && (
          <Alert role="status">
            <AlertDescription>{notice}</AlertDescription>
          </Alert>
        )}
        {body}
      </CardContent>
    </Card>
  );
}

/** The recovery codes, shown once: to copy or download before leaving. */
function RecoveryCodesView({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('account');
  const text = [t('recoveryCodes.fileTitle'), t('recoveryCodes.fileHint'), '', ...codes, ''].join('\n');
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'tessera-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="grid gap-4">
      <Alert role="status">
        <AlertDescription>{t('recoveryCodes.saveThem')}</AlertDescription>
      </Alert>
      <ol
        aria-label={t('recoveryCodes.listLabel')}
        className="grid grid-cols-2 gap-2 rounded-md border border-border p-3 font-mono text-sm"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={download}>
          <Download aria-hidden="true" />
          {t('recoveryCodes.download')}
        </Button>
        <CopyButton text={codes.join('\n')} label={t('recoveryCodes.copy')} />
        <Button onClick={onDone}>{t('recoveryCodes.saved')}</Button>
      </div>
    </div>
  );
}

function CopyButton({
  text,
  label,
  size = 'default',
}: {
  text: string;
  label: string;
  size?: 'sm' | 'default';
}) {
  const { t } = useTranslation('account');
  const [copied, setCopied] = useState(false);
  return (
    <Button
      type="button"
      variant="outline"
      size={size}
      className="justify-self-start"
      onClick={() =>
        void navigator.clipboard.writeText(text).then(
          () => setCopied(true),
          () => setCopied(false),
        )
      }
    >
      {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      {copied ? t('recoveryCodes.copied') : label}
    </Button>
  );
}
