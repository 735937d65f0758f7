// The account's language and theme (docs/contract.md section 4, Comfort), through the real app and database: what a
// new account starts in, how it is changed and refused, and the mail that follows it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  bearer,
  buildTestApp,
  createTeam,
  inTenant,
  latestMailTo,
  registerUser,
  uniqueEmail,
  type TestApp,
} from '../../../test/helpers.ts';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const me = async (token: string) =>
  (await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).json() as {
    locale: string;
    theme: string;
  };
const updateMe = (token: string, payload: unknown) =>
  app.inject({ method: 'PATCH', url: '/api/auth/me', headers: bearer(token), payload: payload as object });
const register = (email: string, acceptLanguage?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/register',
    headers: acceptLanguage === undefined ? {} : { 'accept-language': acceptLanguage },
    payload: { email, password: 'correct horse battery' },
  });
const askReset = (email: string) =>
  app.inject({ method: 'POST', url: '/api/auth/reset-password/request', payload: { email } });

describe('a new account', () => {
  it.each([
    ['de-DE,de;q=0.9,en;q=0.8', 'de'],
    ['fr-CH, fr;q=0.9, de;q=0.7, *;q=0.5', 'de'],
    ['en-GB,de;q=0.9', 'en'],
    ['fr', 'en'],
    ['', 'en'],
    [undefined, 'en'],
    ['de;q=0.2,en;q=0.1', 'de'],
  ])(
    'with Accept-Language %j speaks %s, in the system theme, and is mailed in it',
    async (header, locale) => {
      const email = uniqueEmail();
      const response = await register(email, header);
      expect(response.statusCode).toBe(201);
      expect(await me(response.json().access_token)).toMatchObject({ locale, theme: 'system' });
      const mail = await latestMailTo(app, email);
      expect(mail.subject).toBe(
        locale === 'de' ? 'Bestätigen Sie Ihre E-Mail-Adresse für Tessera' : 'Verify your Tessera email',
      );
      expect(mail.html).toContain(`<html lang="${locale}">`);
    },
  );

  it('made by accepting an invitation speaks the accepting browser’s language', async () => {
    const owner = await registerUser(app);
    const team = await createTeam(app, owner);
    const email = uniqueEmail();
    await app.inject({
      method: 'POST',
      url: '/api/invite',
      headers: inTenant(owner.access_token, team.uuid),
      payload: { email, role: 'member' },
    });
    const { token } = await latestMailTo(app, email);
    const accepted = await app.inject({
      method: 'GET',
      url: `/api/invitations/${token}/accept`,
      headers: { 'accept-language': 'de-AT' },
    });
    expect(accepted.statusCode).toBe(200);
    expect((await me(accepted.json().access_token)).locale).toBe('de');
  });
});

describe('PATCH /auth/me', () => {
  it('changes the theme, the language or both, and answers the account', async () => {
    const user = await registerUser(app);
    const dark = await updateMe(user.access_token, { theme: 'dark' });
    expect(dark.statusCode).toBe(200);
    expect(dark.json()).toMatchObject({ email: user.email, locale: 'en', theme: 'dark' });
    const both = await updateMe(user.access_token, { locale: 'de', theme: 'light' });
    expect(both.json()).toMatchObject({ locale: 'de', theme: 'light' });
    expect(await me(user.access_token)).toMatchObject({ locale: 'de', theme: 'light' });
    // Nothing asked, nothing changed.
    expect((await updateMe(user.access_token, {})).json()).toMatchObject({ locale: 'de', theme: 'light' });
  });

  it.each([
    { locale: 'fr' },
    { locale: 'DE' },
    { locale: 'de-DE' },
    { theme: 'blue' },
    { theme: null },
    { locale: 5 },
    { email: 'someone@example.com' },
    { locale: 'de', is_super_admin: true },
  ])('refuses %j with 422 and changes nothing', async (payload) => {
    const user = await registerUser(app);
    const response = await updateMe(user.access_token, payload);
    expect(response.statusCode).toBe(422);
    expect(typeof response.json().detail).toBe('string');
    expect(await me(user.access_token)).toMatchObject({ email: user.email, locale: 'en', theme: 'system' });
  });

  it('refuses a caller without a session', async () => {
    expect((await updateMe('', { theme: 'dark' })).statusCode).toBe(401);
  });

  it('changes only the caller’s account', async () => {
    const ada = await registerUser(app);
    const bob = await registerUser(app);
    await updateMe(ada.access_token, { locale: 'de', theme: 'dark' });
    expect(await me(bob.access_token)).toMatchObject({ locale: 'en', theme: 'system' });
  });
});

describe('mail follows the account’s language', () => {
  it('switches with the setting: German after choosing German, English again after choosing English', async () => {
    const user = await registerUser(app);
    await updateMe(user.access_token, { locale: 'de' });
    await askReset(user.email);
    expect((await latestMailTo(app, user.email)).subject).toBe('Setzen Sie Ihr Tessera-Passwort zurück');
    await updateMe(user.access_token, { locale: 'en' });
    await askReset(user.email);
    expect((await latestMailTo(app, user.email)).subject).toBe('Reset your Tessera password');
  });

  it('writes an invitation in the invitee’s language, or the inviter’s for someone without an account', async () => {
    const owner = await registerUser(app);
    await updateMe(owner.access_token, { locale: 'de' });
    const team = await createTeam(app, owner, 'Werkstatt');
    const invite = (email: string) =>
      app.inject({
        method: 'POST',
        url: '/api/invite',
        headers: inTenant(owner.access_token, team.uuid),
        payload: { email, role: 'member' },
      });
    const stranger = uniqueEmail();
    await invite(stranger);
    expect((await latestMailTo(app, stranger)).subject).toBe(
      'Sie sind eingeladen, Werkstatt auf Tessera beizutreten',
    );
    const english = await registerUser(app);
    await invite(english.email);
    expect((await latestMailTo(app, english.email)).subject).toBe(
      'You are invited to join Werkstatt on Tessera',
    );
  });
});
