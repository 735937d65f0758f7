import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';

import { changeLocale, loadCatalogues } from './i18n/i18n';
import { validationText } from './i18n/messages';
import { newPasswordFields, requireMatchingPasswords } from './password-confirmation';

const form = z.object(newPasswordFields).superRefine(requireMatchingPasswords);
/** The messages a form shows under its fields for `values`, as FormMessage words them. */
const shown = (values: { password: string; confirmPassword: string }) =>
  form.safeParse(values).error!.issues.map((issue) => validationText(issue.message));

describe('a new password and its confirmation', () => {
  afterEach(async () => {
    await changeLocale('en');
  });

  it('says what is missing or does not match in the spec’s words', () => {
    expect(shown({ password: '', confirmPassword: '' })).toEqual([
      'Password is required',
      'Please confirm your password',
    ]);
    expect(shown({ password: 'long enough', confirmPassword: 'different' })).toEqual([
      'Passwords do not match',
    ]);
  });

  describe('in German', () => {
    beforeEach(async () => {
      await loadCatalogues(['messages'], 'de');
      await changeLocale('de');
    });

    it('says the same in German, not in English', () => {
      expect(shown({ password: '', confirmPassword: '' })).toEqual([
        'Passwort ist erforderlich',
        'Bitte bestätigen Sie Ihr Passwort',
      ]);
      expect(shown({ password: 'long enough', confirmPassword: 'different' })).toEqual([
        'Die Passwörter stimmen nicht überein',
      ]);
    });
  });
});
