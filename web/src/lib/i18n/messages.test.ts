import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { changeLocale, loadCatalogues } from './i18n';
import { errorText, planText, validationText } from './messages';

describe('the server’s and the contract’s texts', () => {
  beforeEach(async () => {
    await loadCatalogues(['messages'], 'de');
    await changeLocale('de');
  });

  afterEach(async () => {
    await changeLocale('en');
  });

  it('words an error by its code, whatever its detail says', () => {
    expect(errorText({ code: 'invalid_credentials', detail: 'Reworded since' })).toBe(
      'E-Mail oder Passwort ist ungültig',
    );
    expect(errorText({ code: 'card_security_code_invalid', detail: '' })).toBe(
      'Der Sicherheitscode Ihrer Karte ist ungültig.',
    );
  });

  it('shows the values of its params, and picks the text of a case by its reason', () => {
    expect(errorText({ code: 'api_key_scope_missing', params: { scope: 'items:write' }, detail: '' })).toBe(
      'Dieser API-Schlüssel erlaubt items:write nicht',
    );
    expect(errorText({ code: 'plan_limit', params: { reason: 'members', count: 5 }, detail: '' })).toBe(
      'Ihr Tarif erlaubt 5 Mitglieder. Wechseln Sie den Tarif, um weitere hinzuzufügen.',
    );
    expect(errorText({ code: 'plan_limit', params: { reason: 'items', count: 5 }, detail: '' })).toBe(
      'Ihr Tarif erlaubt 5 Einträge. Wechseln Sie den Tarif, um weitere hinzuzufügen.',
    );
  });

  it('words a refused field’s message by its key, keeping the field', () => {
    const refused = (message: string) =>
      errorText({
        code: 'validation',
        params: { field: 'body.email', message },
        detail: 'body.email: Please enter a valid email address',
      });
    expect(refused('email_invalid')).toBe('body.email: Bitte geben Sie eine gültige E-Mail-Adresse ein');
    // zod's own message for a wrong type has no key: it stays English, the field kept.
    expect(refused('Invalid input: expected string, received number')).toBe(
      'body.email: Invalid input: expected string, received number',
    );
  });

  it('shows the detail for what it cannot word: no code, a case or a value that did not come', () => {
    expect(errorText({ detail: 'Something a newer server says' })).toBe('Something a newer server says');
    expect(errorText({ code: 'plan_limit', params: { reason: 'seats', count: 5 }, detail: 'As sent' })).toBe(
      'As sent',
    );
    expect(errorText({ code: 'plan_limit', params: { reason: 'constructor' }, detail: 'As sent' })).toBe(
      'As sent',
    );
    expect(errorText({ code: 'unknown_plan', detail: 'Unknown plan "x"' })).toBe('Unknown plan "x"');
  });

  it('words a schema’s message by its key, and leaves any other message as the page wrote it', () => {
    expect(validationText('password_too_short')).toBe('Das Passwort muss mindestens 8 Zeichen lang sein');
    expect(validationText('Schon übersetzt')).toBe('Schon übersetzt');
  });

  it('translates the plans’ own texts, which come from the database', () => {
    expect(planText('Unlimited members')).toBe('Unbegrenzt viele Mitglieder');
    expect(planText('A feature added since')).toBe('A feature added since');
  });

  it('leaves English as the server and the contract say it', async () => {
    await changeLocale('en');
    expect(errorText({ code: 'invalid_credentials', detail: 'Invalid email or password' })).toBe(
      'Invalid email or password',
    );
    expect(validationText('password_too_short')).toBe('Password must be at least 8 characters long');
    expect(planText('Unlimited members')).toBe('Unlimited members');
  });
});
