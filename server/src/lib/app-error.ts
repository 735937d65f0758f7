// Typed errors thrown by services; plugins/errors.ts turns each code into its HTTP status and a {detail} body.

const STATUS_BY_CODE = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  /** A card payment was refused (the local test-mode checkout). */
  PAYMENT_REQUIRED: 402,
  /** An addition beyond the team's plan: a member or an item (docs/contract.md section 4). */
  PLAN_LIMIT: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 400,
  INVALID: 422,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
} as const;

type AppErrorCode = keyof typeof STATUS_BY_CODE;

/** The statuses typed errors answer with, once each, and 500 for the rest: every route documents these. */
export const ERROR_STATUSES = [...new Set([...Object.values(STATUS_BY_CODE), 500 as const])];

export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: AppErrorCode,
    /** Shown to the user as is: never put internals here. */
    readonly detail: string,
  ) {
    super(detail);
    this.name = 'AppError';
    this.statusCode = STATUS_BY_CODE[code];
  }
}
