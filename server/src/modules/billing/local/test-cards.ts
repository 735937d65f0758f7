// The local provider's card check, modelled on Stripe's test mode: one card that pays, one that is declined, and the
// same refusals a real checkout gives for a mistyped number, a past expiry or a wrong security code.
import { DECLINED_CARD_NUMBER, TEST_CARD_NUMBER } from '@app/contract';

import { AppError } from '../../../lib/app-error.ts';

const digits = (number: string) => number.replace(/\s+/g, '');
const PAYING_CARD = digits(TEST_CARD_NUMBER);
const DECLINED_CARD = digits(DECLINED_CARD_NUMBER);

export type CardDetails = { card_number: string; exp_month: number; exp_year: number; cvc: string };

/** The Luhn checksum every real card number satisfies; it catches most typos. */
function passesLuhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Throws the refusal a card gets at `now`; returns when the card pays. */
export function chargeTestCard(card: CardDetails, now: Date): void {
  const number = digits(card.card_number);
  if (!passesLuhn(number))
    throw new AppError('INVALID', 'Your card number is invalid.', 'card_number_invalid');
  // A card is valid through the last day of its expiry month.
  if (card.exp_year * 12 + card.exp_month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) {
    throw new AppError('INVALID', 'Your card has expired.', 'card_expired');
  }
  const isAmex = /^3[47]/.test(number);
  if (card.cvc.length !== (isAmex ? 4 : 3)) {
    throw new AppError('INVALID', 'Your card’s security code is invalid.', 'card_security_code_invalid');
  }
  if (number === PAYING_CARD) return;
  if (number === DECLINED_CARD)
    throw new AppError('PAYMENT_REQUIRED', 'Your card was declined.', 'payment_required', {
      reason: 'declined',
    });
  throw new AppError(
    'PAYMENT_REQUIRED',
    `Your card was declined. This is test mode: use the test card ${TEST_CARD_NUMBER}.`,
    'payment_required',
    { reason: 'test_card_required', number: TEST_CARD_NUMBER },
  );
}
