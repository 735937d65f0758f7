// The shape of a language's `messages` catalogue (lib/i18n/messages.ts renders it, i18n.ts loads it): below both.
import type { ERROR_PARAMS, ErrorCode, ValidationMessage } from '@app/contract/errors';

type Spec = typeof ERROR_PARAMS;
/** A code's text, `{name}` marking a param's value; for a code of cases, one text per `params.reason`. */
type ErrorText<C extends ErrorCode> = C extends keyof Spec
  ? Spec[C] extends readonly string[]
    ? string
    : Record<keyof Spec[C], string>
  : string;

/** The `messages` catalogue of a language other than English: a code or a key it lacks fails the typecheck. */
export type ServerTexts = {
  errors: { [C in ErrorCode]: ErrorText<C> };
  validation: Record<ValidationMessage, string>;
  /** The plans' descriptions and features (server/src/db/migrations), by their English words. */
  plans: Record<string, string>;
};
