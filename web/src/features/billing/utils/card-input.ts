/**
 * The card fields of the local checkout page: formatting as the user types and the inline checks a
 * real payment page makes before anything is sent. The server checks again (contract LocalPaymentBodySchema).
 */

/** What a field check finds wrong, as the key of its text in the billing catalogue. */
export type CardFieldError =
  | 'cardForm.numberRequired'
  | 'cardForm.numberIncomplete'
  | 'cardForm.numberInvalid'
  | 'cardForm.expiryRequired'
  | 'cardForm.expiryIncomplete'
  | 'cardForm.expiryMonthInvalid'
  | 'cardForm.expiryPast'
  | 'cardForm.cvcRequired'
  | 'cardForm.cvcIncomplete';

/** The test cards of the local provider are 16 digits, shown in groups of 4. */
export const CARD_NUMBER_LENGTH = 16;
const CVC_LENGTH = 3;

const digitsOf = (value: string) => value.replace(/\D/g, '');

/** '4242424242424242' or '4242-4242…' → '4242 4242 4242 4242'; at most 16 digits. */
export function formatCardNumber(value: string): string {
  return digitsOf(value)
    .slice(0, CARD_NUMBER_LENGTH)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * 'MM / YY' with the slash added as soon as the month is complete: '4' → '04 / ', '1230' → '12 / 30'.
 * `previous` is the value before this edit: while deleting, the slash goes with the year so that
 * Backspace is never stuck on it.
 */
export function formatExpiry(value: string, previous = ''): string {
  let digits = digitsOf(value).slice(0, 4);
  const isDeleting = value.length < previous.length;
  // No month starts with 2-9, so that digit is the month itself.
  if (!isDeleting && digits.length === 1 && digits > '1') digits = `0${digits}`;
  if (digits.length < 2) return digits;
  if (digits.length === 2) return isDeleting ? digits : `${digits} / `;
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

export const formatCvc = (value: string) => digitsOf(value).slice(0, CVC_LENGTH);

/** Where the caret goes after reformatting: just after the `digitCount`th digit of `formatted`. */
export function caretAfterDigits(formatted: string, digitCount: number): number {
  if (digitCount <= 0) return 0;
  let seen = 0;
  for (let index = 0; index < formatted.length; index += 1) {
    if (/\d/.test(formatted[index]!)) seen += 1;
    if (seen === digitCount) return index + 1;
  }
  return formatted.length;
}

/** The Luhn checksum every card number carries. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function validateCardNumber(value: string): CardFieldError | undefined {
  const digits = digitsOf(value);
  if (digits.length === 0) return 'cardForm.numberRequired';
  if (digits.length < CARD_NUMBER_LENGTH) return 'cardForm.numberIncomplete';
  if (!passesLuhn(digits)) return 'cardForm.numberInvalid';
  return undefined;
}

/** The month and four-digit year of a complete 'MM / YY', or null. */
function parseExpiry(value: string): { month: number; year: number } | null {
  const digits = digitsOf(value);
  if (digits.length !== 4) return null;
  return { month: Number(digits.slice(0, 2)), year: 2000 + Number(digits.slice(2)) };
}

/** A card is good through the last day of its expiry month, so only an earlier month is in the past. */
export function validateExpiry(value: string, now: Date): CardFieldError | undefined {
  if (digitsOf(value).length === 0) return 'cardForm.expiryRequired';
  const expiry = parseExpiry(value);
  if (!expiry) return 'cardForm.expiryIncomplete';
  if (expiry.month < 1 || expiry.month > 12) return 'cardForm.expiryMonthInvalid';
  const thisMonth = now.getFullYear() * 12 + now.getMonth();
  if (expiry.year * 12 + (expiry.month - 1) < thisMonth) return 'cardForm.expiryPast';
  return undefined;
}

export function validateCvc(value: string): CardFieldError | undefined {
  const digits = digitsOf(value);
  if (digits.length === 0) return 'cardForm.cvcRequired';
  if (digits.length < CVC_LENGTH) return 'cardForm.cvcIncomplete';
  return undefined;
}

/** The body of POST /payments/local/checkout/{id}/pay from the three fields (all valid). */
export function toPaymentBody(fields: { cardNumber: string; expiry: string; cvc: string }) {
  const { month, year } = parseExpiry(fields.expiry)!;
  return { card_number: digitsOf(fields.cardNumber), exp_month: month, exp_year: year, cvc: fields.cvc };
}
