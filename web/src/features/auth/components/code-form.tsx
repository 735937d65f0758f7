import { type ReactNode, useId, useState } from 'react';

import { SubmitButton } from '@/components/submit-button';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useTranslation } from '@/lib/i18n/translation';

type CodeFormProps = {
  /** 'totp': the six digits of an authenticator app; 'recovery': a recovery code; 'either': one or the other. */
  kind: 'totp' | 'recovery' | 'either';
  submitText: string;
  pendingText: string;
  isPending: boolean;
  /** The server's refusal, shown above the field. */
  error: string | null;
  onSubmit: (code: string) => void;
  /** Under the button: another way in, Cancel. */
  children?: ReactNode;
};

/**
 * One code field and its button: a sign-in's second step, turning two-factor on or off. Plain state, no form library:
 * it also serves the signed-out second-step page, which keeps its bundle small, and so speaks from the `auth`
 * catalogue that page has.
 */
export function CodeForm({
  kind,
  submitText,
  pendingText,
  isPending,
  error,
  onSubmit,
  children,
}: CodeFormProps) {
  const { t } = useTranslation('auth');
  const id = useId();
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const invalid = missing || error !== null;

  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        const trimmed = code.trim();
        setMissing(trimmed === '');
        if (trimmed) onSubmit(trimmed);
      }}
    >
      {error && (
        <Alert variant="destructive">
          <AlertDescription id={`${id}-error`}>{error}</AlertDescription>
        </Alert>
      )}
      <div className="grid gap-2">
        <Label htmlFor={`${id}-code`} className={invalid ? 'text-destructive' : undefined}>
          {t(`codeForm.${kind}.label`)}
        </Label>
        <Input
          id={`${id}-code`}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="one-time-code"
          inputMode={kind === 'totp' ? 'numeric' : 'text'}
          spellCheck={false}
          autoCapitalize="none"
          maxLength={64}
          aria-invalid={invalid}
          aria-describedby={[`${id}-hint`, missing && `${id}-missing`, error && `${id}-error`]
            .filter(Boolean)
            .join(' ')}
          // The form opens on a user's request (a sign-in step, Turn on, Turn off, another kind of code): its one
          // field is where they go next, and the button that opened it may be gone.
          autoFocus
          className="font-mono tracking-widest"
        />
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {t(`codeForm.${kind}.hint`)}
        </p>
        {missing && (
          <p id={`${id}-missing`} className="text-sm text-destructive">
            {t('codeForm.missing')}
          </p>
        )}
      </div>
      <SubmitButton isPending={isPending} pendingText={pendingText}>
        {submitText}
      </SubmitButton>
      {children}
    </form>
  );
}
