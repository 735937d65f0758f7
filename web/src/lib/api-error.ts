/**
 * What a failed API call throws (docs/spec.md section 8): the status and the server's `{detail}`. The API client and the
 * session's token refresh both make these; the UI reads them through getErrorText.
 */
// Every page loads this module, the sign-in page too, whose JavaScript budget has no room for zod: the error
// answer read here is checked by hand.
import type { ErrorBody } from '@app/contract';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status, or 0 when no response arrived. */
  readonly status: number;
  /** The server's own `{detail}` text, when it sent one; UI code falls back to its docs/spec.md section 8 text. */
  readonly detail: string | undefined;

  constructor(status: number, detail?: string, message?: string, options?: ErrorOptions) {
    super(message ?? detail ?? `HTTP error! status: ${status}`, options);
    this.status = status;
    this.detail = detail;
  }
}

/** The text to show for a failed call: the server's detail, else the page's docs/spec.md section 8 fallback. */
export function getErrorText(error: unknown, fallback: string): string {
  return (error instanceof ApiError ? error.detail : undefined) ?? fallback;
}

/** The ApiError of an answer that is not ok, with the `{detail}` its body holds, if any. */
export async function toApiError(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => undefined);
  return new ApiError(response.status, isErrorBody(body) ? body.detail : undefined);
}

/** The contract's ErrorBodySchema: an object with a string `detail`. */
function isErrorBody(body: unknown): body is ErrorBody {
  return (
    typeof body === 'object' && body !== null && typeof (body as { detail?: unknown }).detail === 'string'
  );
}
