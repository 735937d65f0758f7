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

/**
 * Two-factor authentication (docs/contract.md section 4): set up with a QR code and a first code, ten recovery codes
 * shown once (to copy or download), and turned off with a code.
 */
export function TwoFactorCard({ me }: { me: Me }) {
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
          setNotice('Two-factor authentication is on.');
        }}
      />
    );
  } else if (me.two_factor_enabled) {
    body = turningOff ? (
      <CodeForm
        kind="either"
        submitText="Turn off two-factor"
        pendingText="Turning off…"
        isPending={disable.isPending}
        error={disable.isError ? getErrorText(disable.error, 'Failed to turn off two-factor') : null}
        onSubmit={(code) =>
          disable.mutate(code, {
            onSuccess: () => {
              setTurningOff(false);
              setNotice('Two-factor authentication is off.');
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
          Cancel
        </Button>
      </CodeForm>
    ) : (
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">
          Each sign-in asks for a code. Lost your phone? Sign in with a recovery code.
        </p>
        <Button
          variant="outline"
          onClick={() => {
            setNotice(null);
            setTurningOff(true);
          }}
        >
          Turn off
        </Button>
      </div>
    );
  } else if (setup.isSuccess) {
    const { secret, otpauth_url } = setup.data;
    body = (
      <div className="grid gap-4">
        <ol className="grid list-decimal gap-2 pl-5 text-sm">
          <li>Scan this QR code with an authenticator app (1Password, Google Authenticator, Authy…).</li>
          <li>Enter the 6-digit code it shows.</li>
        </ol>
        <div className="grid justify-items-center gap-3 sm:grid-cols-[auto_1fr] sm:items-center sm:justify-items-start">
          <QrCode
            value={otpauth_url}
            label="QR code for your authenticator app"
            className="size-44 rounded-md border border-border"
          />
          <div className="grid min-w-0 gap-1 text-sm">
            <p className="text-muted-foreground">Can&apos;t scan it? Enter this key instead:</p>
            <code className="rounded bg-muted px-2 py-1 font-mono break-all">
              {secret.match(/.{1,4}/g)!.join(' ')}
            </code>
            <CopyButton text={secret} label="Copy key" size="sm" />
          </div>
        </div>
        <CodeForm
          kind="totp"
          submitText="Turn on"
          pendingText="Turning on…"
          isPending={enable.isPending}
          error={enable.isError ? getErrorText(enable.error, 'Failed to turn on two-factor') : null}
          onSubmit={(code) =>
            enable.mutate(code, { onSuccess: ({ recovery_codes }) => setRecoveryCodes(recovery_codes) })
          }
        >
          <Button type="button" variant="outline" onClick={cancelSetup}>
            Cancel
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
              {getErrorText(setup.error, 'Failed to start the setup')}
              <SignInAgain error={setup.error} />
            </AlertDescription>
          </Alert>
        )}
        {!me.is_verified && (
          <p className="text-sm text-muted-foreground">
            Verify your email to turn on two-factor authentication.
          </p>
        )}
        <Button
          className="justify-self-start"
          disabled={!me.is_verified || setup.isPending}
          onClick={() => {
            setNotice(null);
            setup.mutate();
          }}
        >
          {setup.isPending && <Spinner />}
          Set up two-factor authentication
        </Button>
      </div>
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2 className="flex flex-wrap items-center gap-2">
            Two-factor authentication
            <Badge variant={me.two_factor_enabled ? 'default' : 'outline'}>
              {me.two_factor_enabled ? 'On' : 'Off'}
            </Badge>
          </h2>
        </CardTitle>
        <CardDescription>
          Sign-in asks for a code from an app on your phone as well as your password, so a stolen password is
          not enough.
        </CardDescription>
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
  const text = `Tessera recovery codes\nEach code signs you in once if you lose your authenticator app.\n\n${codes.join('\n')}\n`;
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
        <AlertDescription>
          Two-factor authentication is on. Save these recovery codes somewhere safe: each one signs you in
          once if you lose your phone, and they are shown only now.
        </AlertDescription>
      </Alert>
      <ol
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-2 rounded-md border border-border p-3 font-mono text-sm"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={download}>
          <Download aria-hidden="true" />
          Download
        </Button>
        <CopyButton text={codes.join('\n')} label="Copy codes" />
        <Button onClick={onDone}>I have saved my codes</Button>
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
      {copied ? 'Copied' : label}
    </Button>
  );
}
