import { describe, expect, it } from 'vitest';

import { fixedT } from '@/lib/i18n/translation';

import {
  caretAfterDigits,
  formatCardNumber,
  formatCvc,
  formatExpiry,
  passesLuhn,
  toPaymentBody,
  validateCardNumber as validateCardNumberKey,
  validateCvc as validateCvcKey,
  validateExpiry as validateExpiryKey,
  type CardFieldError,
} from './card-input';

// The checks give catalogue keys; the page shows their English texts.
const t = fixedT('billing');
const english = (key: CardFieldError | undefined) => (key ? t(key) : undefined);
const validateCardNumber = (value: string) => english(validateCardNumberKey(value));
const validateExpiry = (value: string, now: Date) => english(validateExpiryKey(value, now));
const validateCvc = (value: string) => english(validateCvcKey(value));

describe('formatCardNumber', () => {
  it('groups digits by 4, drops anything else and stops at 16 digits', () => {
    expect(formatCardNumber('4242')).toBe('4242');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-4242 4242x4242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('42424242424242429999')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('abc')).toBe('');
  });

  it('puts the caret back after the same digit', () => {
    expect(caretAfterDigits('4242 4242', 4)).toBe(4);
    expect(caretAfterDigits('4242 4242', 5)).toBe(6);
    expect(caretAfterDigits('4242 4242', 0)).toBe(0);
    expect(caretAfterDigits('4242', 9)).toBe(4);
  });
});

describe('formatExpiry', () => {
  it("adds ' / ' once the month is complete", () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12', '1')).toBe('12 / ');
    expect(formatExpiry('12 / 3', '12 / ')).toBe('12 / 3');
    expect(formatExpiry('1230')).toBe('12 / 30');
    expect(formatExpiry('12/30')).toBe('12 / 30');
    expect(formatExpiry('12 / 345')).toBe('12 / 34');
  });

  it('pads a month that can only be one digit', () => {
    expect(formatExpiry('4')).toBe('04 / ');
    expect(formatExpiry('0')).toBe('0');
  });

  it('lets Backspace remove the slash and the month', () => {
    expect(formatExpiry('12 /', '12 / ')).toBe('12');
    expect(formatExpiry('1', '12')).toBe('1');
    expect(formatExpiry('12 / ', '12 / 3')).toBe('12');
  });
});

describe('validateCardNumber', () => {
  it('accepts the test cards', () => {
    expect(validateCardNumber('4242 4242 4242 4242')).toBeUndefined();
    expect(validateCardNumber('4000 0000 0000 0002')).toBeUndefined();
  });

  it('names a missing, incomplete or mistyped number', () => {
    expect(validateCardNumber('')).toBe('Card number is required');
    expect(validateCardNumber('4242 4242 4242')).toBe('Your card number is incomplete');
    expect(validateCardNumber('4242 4242 4242 4241')).toBe('Your card number is invalid');
    expect(passesLuhn('79927398713')).toBe(true);
    expect(passesLuhn('79927398710')).toBe(false);
  });
});

describe('validateExpiry', () => {
  const now = new Date(2026, 4, 20); // 20 May 2026

  it('accepts this month and later', () => {
    expect(validateExpiry('05 / 26', now)).toBeUndefined();
    expect(validateExpiry('01 / 27', now)).toBeUndefined();
  });

  it('rejects a past, incomplete or impossible date', () => {
    expect(validateExpiry('04 / 26', now)).toBe('Your card’s expiration date is in the past');
    expect(validateExpiry('12 / 25', now)).toBe('Your card’s expiration date is in the past');
    expect(validateExpiry('12 / 2', now)).toBe('Your card’s expiration date is incomplete');
    expect(validateExpiry('13 / 30', now)).toBe('Your card’s expiration month is invalid');
    expect(validateExpiry('00 / 30', now)).toBe('Your card’s expiration month is invalid');
    expect(validateExpiry('', now)).toBe('Expiry date is required');
  });
});

describe('CVC', () => {
  it('takes 3 digits only', () => {
    expect(formatCvc('12a34')).toBe('123');
    expect(validateCvc('123')).toBeUndefined();
    expect(validateCvc('12')).toBe('Your card’s security code is incomplete');
    expect(validateCvc('')).toBe('CVC is required');
  });
});

describe('toPaymentBody', () => {
  it('sends digits only and a four-digit year', () => {
    expect(toPaymentBody({ cardNumber: '4242 4242 4242 4242', expiry: '07 / 31', cvc: '123' })).toEqual({
      card_number: '4242424242424242',
      exp_month: 7,
      exp_year: 2031,
      cvc: '123',
    });
  });
});
