import { describe, expect, it } from 'vitest';

import * as contract from './index.ts';

import { ERROR_CODES, ERROR_PARAMS, isValidationMessage, VALIDATION_MESSAGES } from './errors.ts';

describe('@app/contract/errors', () => {
  it('lists each error code once, in snake_case, and the error body takes exactly those', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const code of ERROR_CODES) expect(code).toMatch(/^[a-z]+(_[a-z0-9]+)*$/);
    expect(contract.ErrorCodeSchema.options).toEqual([...ERROR_CODES]);
    expect(contract.ErrorBodySchema.safeParse({ detail: 'Nope', code: 'item_not_found' }).success).toBe(true);
    expect(contract.ErrorBodySchema.safeParse({ detail: 'Nope' }).success).toBe(false);
    expect(contract.ErrorBodySchema.safeParse({ detail: 'Nope', code: 'NOT_FOUND' }).success).toBe(false);
  });

  it('takes flat params of strings and numbers', () => {
    const body = { detail: 'Your plan allows 3 items.', code: 'plan_limit' };
    expect(
      contract.ErrorBodySchema.safeParse({ ...body, params: { reason: 'items', count: 3 } }).success,
    ).toBe(true);
    expect(contract.ErrorBodySchema.safeParse({ ...body, params: { count: { of: 3 } } }).success).toBe(false);
  });

  it('names each case of a code of cases in snake_case, as its params.reason', () => {
    for (const [code, spec] of Object.entries(ERROR_PARAMS)) {
      if (Array.isArray(spec)) continue;
      for (const reason of Object.keys(spec)) expect(reason, code).toMatch(/^[a-z]+(_[a-z]+)*$/);
    }
  });

  it('gives the schemas’ messages as keys of the table, whose texts state the limits checked', () => {
    const issue = (
      schema: { safeParse(value: unknown): { error?: { issues: { message: string }[] } } },
      value: unknown,
    ) => schema.safeParse(value).error!.issues[0]!.message;
    expect(issue(contract.EmailSchema, 'nope')).toBe('email_invalid');
    expect(issue(contract.NewPasswordSchema, 'short')).toBe('password_too_short');
    expect(VALIDATION_MESSAGES.password_too_short).toBe(
      `Password must be at least ${contract.MIN_PASSWORD_LENGTH} characters long`,
    );
    expect(issue(contract.CreateWebhookBodySchema, { url: 'https://example.com/in', events: [] })).toBe(
      'event_required',
    );
    expect(isValidationMessage('email_invalid')).toBe(true);
    expect(isValidationMessage('Please enter a valid email address')).toBe(false);
    expect(isValidationMessage('toString')).toBe(false);
  });
});
