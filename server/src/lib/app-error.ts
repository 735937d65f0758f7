// Typed errors thrown by services; plugins/errors.ts turns each into its HTTP status and a {detail, code, params} body.
import type { ErrorBody, ErrorCode, ErrorCodeWithParams, ErrorParams } from '@app/contract';

/** Each kind's status. */
const KINDS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  /** A card payment was refused (the local test-mode checkout). */
  PAYMENT_REQUIRED: 402,
  /** An addition beyond the team's plan: a member or an item (docs/contract.md section 4). */
  PLAN_LIMIT: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 400,
  /** What another team holds: a domain it verified. */
  TAKEN: 409,
  INVALID: 422,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
} as const satisfies Record<string, number>;

type AppErrorKind = keyof typeof KINDS;

/** The statuses typed errors answer with, once each, and 500 for the rest: every route documents these. */
export const ERROR_STATUSES = [...new Set([...Object.values(KINDS), 500 as const])];

/** A code's params, which its throw site must give when the code has some and cannot when it has none. */
type ParamsOf<C extends ErrorCode> = C extends ErrorCodeWithParams ? [params: ErrorParams<C>] : [];

/** The one shape of every error answer, whatever raised it (docs/contract.md section 3). */
export const errorBody = <C extends ErrorCode>(
  code: C,
  detail: string,
  ...[params]: ParamsOf<C>
): ErrorBody => (params ? { detail, code, params } : { detail, code });

export class AppError<C extends ErrorCode = ErrorCode> extends Error {
  readonly statusCode: number;
  /** What the refusal answers: with the values `detail` shows, for a client that words it itself (ERROR_PARAMS). */
  readonly body: ErrorBody;

  constructor(
    readonly kind: AppErrorKind,
    /** Shown to the user as is: never put internals here. English, whatever the user's language. */
    readonly detail: string,
    /** The refusal's own code (contract/src/errors.ts, ERROR_CODES), shared by every site that throws it. */
    readonly code: C,
    ...params: ParamsOf<C>
  ) {
    super(detail);
    this.name = 'AppError';
    this.statusCode = KINDS[kind];
    this.body = errorBody(code, detail, ...params);
  }
}
