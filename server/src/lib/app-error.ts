// Typed errors thrown by services; plugins/errors.ts turns each into its HTTP status and a {detail, code} body.
import type { ErrorBody, ErrorCode } from '@app/contract';

/** Each kind's status and the code its body carries unless the throw site names a specific one. */
const KINDS = {
  BAD_REQUEST: { status: 400, code: 'bad_request' },
  UNAUTHORIZED: { status: 401, code: 'unauthorized' },
  /** A card payment was refused (the local test-mode checkout). */
  PAYMENT_REQUIRED: { status: 402, code: 'payment_required' },
  /** An addition beyond the team's plan: a member or an item (docs/contract.md section 4). */
  PLAN_LIMIT: { status: 402, code: 'plan_limit' },
  FORBIDDEN: { status: 403, code: 'forbidden' },
  NOT_FOUND: { status: 404, code: 'not_found' },
  CONFLICT: { status: 400, code: 'conflict' },
  INVALID: { status: 422, code: 'invalid' },
  RATE_LIMITED: { status: 429, code: 'rate_limited' },
  UNAVAILABLE: { status: 503, code: 'unavailable' },
} as const satisfies Record<string, { status: number; code: ErrorCode }>;

type AppErrorKind = keyof typeof KINDS;

/** The statuses typed errors answer with, once each, and 500 for the rest: every route documents these. */
export const ERROR_STATUSES = [
  ...new Set([...Object.values(KINDS).map(({ status }) => status), 500 as const]),
];

/** The one shape of every error answer, whatever raised it (docs/contract.md section 3). */
export const errorBody = (code: ErrorCode, detail: string): ErrorBody => ({ detail, code });

export class AppError extends Error {
  readonly statusCode: number;
  /** The body's stable code: the kind's own, or the specific one the throw site gave. */
  readonly code: ErrorCode;

  constructor(
    readonly kind: AppErrorKind,
    /** Shown to the user as is: never put internals here. */
    readonly detail: string,
    /**
     * A specific code (contract/src/constants.ts, ERROR_CODES) where a client must tell this refusal from others of
     * its status; otherwise the kind's.
     */
    code?: ErrorCode,
  ) {
    super(detail);
    this.name = 'AppError';
    this.statusCode = KINDS[kind].status;
    this.code = code ?? KINDS[kind].code;
  }
}
