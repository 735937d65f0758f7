import { getErrorText } from '@/lib/api-error';

/** The browser's prompt was closed or timed out: the person chose not to, nothing went wrong. */
export const isPromptDismissed = (error: unknown) =>
  error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');

/**
 * The page's own words for a failed passkey ceremony, in its language: the sign-in page and Settings speak from
 * different catalogues. `alreadyRegistered` only where a passkey is being added.
 */
export type PasskeyErrorTexts = { fallback: string; dismissed: string; alreadyRegistered?: string };

/** What to say about a failed passkey ceremony: the prompt's outcome, the authenticator's, or the server's detail. */
export function passkeyErrorText(error: unknown, texts: PasskeyErrorTexts): string {
  if (isPromptDismissed(error)) return texts.dismissed;
  if (
    texts.alreadyRegistered !== undefined &&
    (error as { code?: unknown } | null)?.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED'
  ) {
    return texts.alreadyRegistered;
  }
  return getErrorText(error, texts.fallback);
}
