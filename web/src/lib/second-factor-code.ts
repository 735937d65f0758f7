/**
 * The second-factor code that confirms a change of the account's credentials while two-factor is on (docs/contract.md
 * section 4, Credential lifecycle): a password change or a first password, an email change, the account's deletion.
 * One way for all three forms: a `code` field (components/second-factor-code-field.tsx) validated by
 * `secondFactorCodeInput`, sent as `code`, and refused at that field.
 */
import { type ErrorCode, SecondFactorCodeSchema } from '@app/contract';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import type { UseFormSetError } from 'react-hook-form';
import { z } from 'zod';

import { ApiError, getErrorText } from '@/lib/api-error';

/**
 * The form's `code`: while it is asked for, required and trimmed as the request's schema has it; otherwise the field is
 * not shown and nothing is sent.
 */
export const secondFactorCodeInput = (asked: boolean): z.ZodType<string | undefined, string> =>
  asked ? SecondFactorCodeSchema : z.string().transform(() => undefined);

/** The codes of the server's refusal of a missing or a wrong second-factor code; nothing else was changed. */
const CODE_REFUSALS: ReadonlySet<ErrorCode | undefined> = new Set([
  'second_factor_required',
  'second_factor_invalid',
]);

/** Whether a change was refused for its second-factor code (missing or wrong), and not for anything else. */
export function isCodeRefusal(error: unknown): error is ApiError & { detail: string } {
  return error instanceof ApiError && CODE_REFUSALS.has(error.code) && error.detail !== undefined;
}

/**
 * Whether a form asks for the code, and how it shows the server's refusal of one. The code is asked for while
 * two-factor is on, and also once the server asked for one: two-factor was turned on elsewhere after the account was
 * read, and the user would otherwise be asked for a code with nowhere to type it.
 */
export function useSecondFactorCode(twoFactorEnabled: boolean) {
  const [askedByServer, setAskedByServer] = useState(false);
  // Two-factor turned off since: the server's earlier request no longer holds.
  const [wasEnabled, setWasEnabled] = useState(twoFactorEnabled);
  if (wasEnabled !== twoFactorEnabled) {
    setWasEnabled(twoFactorEnabled);
    if (!twoFactorEnabled) setAskedByServer(false);
  }

  return {
    isAsked: twoFactorEnabled || askedByServer,
    /**
     * The mutation's onError: a refused code is shown at the code field, which takes the focus; what else was typed
     * stays. Any other refusal is left to the form's alert (`isCodeRefusal` tells them apart).
     */
    showRefusal: (error: unknown, setError: UseFormSetError<{ code: string }>) => {
      if (!isCodeRefusal(error)) return;
      // The field may not be shown yet: it must be in the page before it can take the focus.
      flushSync(() => setAskedByServer(true));
      setError('code', { type: 'server', message: getErrorText(error, error.detail) }, { shouldFocus: true });
    },
  };
}
