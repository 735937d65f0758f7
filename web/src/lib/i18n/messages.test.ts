import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { changeLocale, loadCatalogues } from './i18n';
import { translateMessage } from './messages';

describe('translateMessage', () => {
  beforeEach(async () => {
    await loadCatalogues(['messages'], 'de');
    await changeLocale('de');
  });

  afterEach(async () => {
    await changeLocale('en');
  });

  it('translates a text the server sends word for word', () => {
    expect(translateMessage('Invalid email or password')).toBe('E-Mail oder Passwort ist ungültig');
    expect(translateMessage('Your card’s security code is invalid.')).toBe(
      'Der Sicherheitscode Ihrer Karte ist ungültig.',
    );
  });

  it('translates a text with varying parts, carrying them over as they came', () => {
    expect(translateMessage('This API key does not allow items:write')).toBe(
      'Dieser API-Schlüssel erlaubt items:write nicht',
    );
    expect(translateMessage('Your plan allows 5 members. Upgrade to add more.')).toBe(
      'Ihr Tarif erlaubt 5 Mitglieder. Wechseln Sie den Tarif, um weitere hinzuzufügen.',
    );
    expect(translateMessage('Unknown plan "pro.monthly"')).toBe('Unbekannter Tarif „pro.monthly“');
  });

  it('translates the message of a refused field, keeping the field', () => {
    expect(translateMessage('body.email: Please enter a valid email address')).toBe(
      `body.email: ${translateMessage('Please enter a valid email address')}`,
    );
    expect(translateMessage('body.email: Please enter a valid email address')).not.toContain('Please');
  });

  it('translates the plans’ own texts, which come from the database', () => {
    expect(translateMessage('Unlimited members')).toBe('Unbegrenzt viele Mitglieder');
  });

  it('returns a text it does not know as it came', () => {
    expect(translateMessage('Something nobody wrote down')).toBe('Something nobody wrote down');
  });

  it('leaves every text English in English', async () => {
    await changeLocale('en');
    expect(translateMessage('Invalid email or password')).toBe('Invalid email or password');
  });
});
