/**
 * What a failed API call throws (docs/spec.md section 8): the status and the server's `{detail, code, params}`. The API
 * client and the session's token refresh both make these; the UI reads them through getErrorText, and tells refusals
 * apart by `code`, never by the text.
 */
// Every page loads this module, the sign-in page too, whose JavaScript budget has no room for zod: the error
// answer read here is checked by hand, against the codes of the contract's zod-free entry point.
import type { ErrorBody } from '@app/contract';
import { ERROR_CODES, type ErrorCode } from '@app/contract/errors';

import { errorText } from '@/lib/i18n/messages';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status, or 0 when no response arrived. */
  readonly status: number;
  /** The server's own `{detail}` text, when it sent one; UI code falls back to its docs/spec.md section 8 text. */
  readonly detail: string | undefined;
  /** The server's stable `code` (docs/contract.md section 3), if it sent one this app knows; UI code branches on it. */
  readonly code: ErrorCode | undefined;
  /** The values `detail` shows, which the user's language words around them (lib/i18n/messages.ts). */
  readonly params: ErrorBody['params'];

  constructor(
    status: number,
    { detail, code, params }: Partial<Pick<ErrorBody, 'detail' | 'code' | 'params'>> = {},
    message?: string,
    options?: ErrorOptions,
  ) {
    super(message ?? detail ?? `HTTP error! status: ${status}`, options);
    this.status = status;
    this.detail = detail;
    this.code = code;
    this.params = params;
  }
}

/** Whether `error` is an ApiError carrying `code`. */
export const hasErrorCode = (error: unknown, code: ErrorCode): error is ApiError =>
  error instanceof ApiError && error.code === code;

/** The answer of a read whose refusal `code` means that there is none (a 404): null then; any other failure throws. */
export async function noneWhen<T>(code: ErrorCode, answer: Promise<T>): Promise<T | null> {
  try {
    return await answer;
  } catch (error) {
    if (hasErrorCode(error, code)) return null;
    throw error;
  }
}

/**
 * The text to show for a failed call: the server's refusal in the user's language, else the page's docs/spec.md
 * section 8 fallback.
 */
export function getErrorText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError) || error.detail === undefined) return fallback;
  return errorText({ code: error.code, params: error.params, detail: error.detail });
}

/** The ApiError of an answer that is not ok, with the `{detail, code}` its body holds, if any. */
export async function toApiError(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => undefined);
  if (!isErrorBody(body)) return new ApiError(response.status);
  const { code, params } = body as { code?: unknown; params?: unknown };
  return new ApiError(response.status, {
    detail: body.detail,
    code: isErrorCode(code) ? code : undefined,
    params: isParams(params) ? params : undefined,
  });
}

/**
 * The contract's ErrorBodySchema, leniently: an object with a string `detail`. Its `code` is read only if it is one
 * of ERROR_CODES, so a code from a newer server, or a body without one, leaves `code` undefined; its `params` only if
 * they are strings and numbers.
 */
function isErrorBody(body: unknown): body is Pick<ErrorBody, 'detail'> {
  return (
    typeof body === 'object' && body !== null && typeof (body as { detail?: unknown }).detail === 'string'
  );
}

const isErrorCode = (code: unknown): code is ErrorCode =>
  typeof code === 'string' && (ERROR_CODES as readonly string[]).includes(code);

const isParams = (params: unknown): params is Record<string, string | number> =>
  typeof params === 'object' &&
  params !== null &&
  Object.values(params).every((value) => typeof value === 'string' || typeof value === 'number');
