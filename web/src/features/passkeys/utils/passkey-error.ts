import { getErrorText } from '@/lib/api-error';

/** The browser's prompt was closed or timed out: the person chose not to, nothing went wrong. */
export const isPromptDismissed = (error: unknown) =>
  error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');

/** What to say about a failed passkey ceremony: the prompt's outcome, the authenticator's, or the server's detail. */
export function passkeyErrorText(error: unknown, fallback: string): string {
  if (isPromptDismissed(error)) return 'The passkey prompt was closed before it finished.';
  if ((error as { code?: unknown } | null)?.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') {
    return 'This device already holds a passkey for your account.';
  }
  return getErrorText(error, fallback);
}
