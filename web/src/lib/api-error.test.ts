import { describe, expect, it } from 'vitest';

import { isPlanLimitError } from '@/components/plan-limit-notice';
import { isCodeRefusal } from '@/lib/second-factor-code';

import { ApiError, hasErrorCode, toApiError } from './api-error';

const answer = (status: number, body: unknown) =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

describe('toApiError', () => {
  it('reads the status, the detail and the code of an error body', async () => {
    const error = await toApiError(
      answer(402, { detail: 'Your plan allows 3 members.', code: 'plan_limit' }),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 402, detail: 'Your plan allows 3 members.', code: 'plan_limit' });
    expect(error.message).toBe('Your plan allows 3 members.');
  });

  it('reads the params of a body, only when they are strings and numbers', async () => {
    const body = { detail: 'Your plan allows 3 members.', code: 'plan_limit' };
    expect(await toApiError(answer(402, { ...body, params: { reason: 'members', count: 3 } }))).toMatchObject(
      { params: { reason: 'members', count: 3 } },
    );
    expect(await toApiError(answer(402, { ...body, params: { count: { of: 3 } } }))).toMatchObject({
      params: undefined,
    });
  });

  it('leaves the code undefined when the body has none, or one this app does not know', async () => {
    expect(await toApiError(answer(400, { detail: 'Nope' }))).toMatchObject({
      detail: 'Nope',
      code: undefined,
    });
    expect(await toApiError(answer(400, { detail: 'Nope', code: 'from_a_newer_server' }))).toMatchObject({
      detail: 'Nope',
      code: undefined,
    });
    expect(await toApiError(answer(400, { detail: 'Nope', code: 7 }))).toMatchObject({ code: undefined });
  });

  it('reads neither from a body that is not an error body', async () => {
    const error = await toApiError(answer(502, '<html>Bad gateway</html>'));
    expect(error).toMatchObject({ status: 502, detail: undefined, code: undefined });
    expect(error.message).toBe('HTTP error! status: 502');
    expect(await toApiError(answer(400, { code: 'bad_request' }))).toMatchObject({ code: undefined });
  });
});

describe('branching on the code, not on the status or the text', () => {
  it('tells a plan limit from a refused card, both 402', () => {
    const limit = new ApiError(402, { detail: 'Your plan allows 3 members.', code: 'plan_limit' });
    const declined = new ApiError(402, { detail: 'Your card was declined.', code: 'payment_required' });
    expect(isPlanLimitError(limit)).toBe(true);
    expect(isPlanLimitError(declined)).toBe(false);
    expect(isPlanLimitError(new ApiError(402, { detail: 'Your plan allows 3 members.' }))).toBe(false);
    expect(hasErrorCode(declined, 'payment_required')).toBe(true);
    expect(hasErrorCode(new Error('plan_limit'), 'plan_limit')).toBe(false);
  });

  it('takes a refused second-factor code by its code, whatever the words', () => {
    const reworded = (code: 'second_factor_invalid' | 'second_factor_required' | 'bad_request') =>
      new ApiError(400, { detail: 'Something in new words', code });
    expect(isCodeRefusal(reworded('second_factor_invalid'))).toBe(true);
    expect(isCodeRefusal(reworded('second_factor_required'))).toBe(true);
    // The old texts without the code are no longer read.
    expect(isCodeRefusal(new ApiError(400, { detail: 'Invalid code' }))).toBe(false);
    expect(isCodeRefusal(reworded('bad_request'))).toBe(false);
  });
});
