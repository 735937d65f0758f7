import { describe, expect, it } from 'vitest';

import de from './locales/de.ts';
import en from './locales/en.ts';
import {
  emailChangeMail,
  emailChangeNoticeMail,
  invitationMail,
  passwordResetMail,
  securityNoticeMail,
  verificationMail,
} from './mail.templates.ts';

const appUrl = 'http://localhost:3000';

describe.each([
  {
    template: verificationMail,
    subject: 'Verify your Tessera email',
    path: '/verify-email',
    validity: '24 hours',
  },
  {
    template: passwordResetMail,
    subject: 'Reset your Tessera password',
    path: '/reset-password',
    validity: '1 hour',
  },
  {
    template: emailChangeMail,
    subject: 'Confirm your new Tessera email',
    path: '/confirm-email-change',
    validity: '24 hours',
  },
])('$subject', ({ template, subject, path, validity }) => {
  it('carries the full link, with the token URL-encoded, in the text and the HTML', () => {
    const mail = template({ to: 'ada@example.com', locale: 'en', appUrl, token: 'a+b/c=d&e f' });
    const link = `${appUrl}${path}?token=a%2Bb%2Fc%3Dd%26e%20f`;
    expect(mail).toMatchObject({ to: 'ada@example.com', subject });
    expect(mail.text).toContain(`\n${link}\n`);
    expect(mail.text).toContain(validity);
    expect(mail.text).toContain('Tessera');
    expect(mail.html).toContain(`<a href="${link}">`);
    expect(mail.html).toContain(validity);
  });

  it('escapes what it puts into the HTML', () => {
    const mail = template({
      to: 'ada@example.com',
      locale: 'en',
      appUrl: 'http://localhost:3000/a"b<i>',
      token: 't',
    });
    expect(mail.html).toContain('http://localhost:3000/a&quot;b&lt;i&gt;');
    expect(mail.html).not.toContain('<i>');
  });
});

// What a user can type into a team name, and an address the email rules accept (an apostrophe is allowed).
const IMG = '<img src=x onerror="window.__xss=1">';
const SCRIPT = '<script>window.__xss=1</script>';
const SVG = '"><svg onload=window.__xss=1>';
const HOSTILE = `${IMG} ${SCRIPT} ${SVG} {{7*7}}`;
// Written out by hand rather than with escapeHtml, so a broken escape fails here.
const HOSTILE_AS_HTML =
  '&lt;img src=x onerror=&quot;window.__xss=1&quot;&gt; &lt;script&gt;window.__xss=1&lt;/script&gt; ' +
  '&quot;&gt;&lt;svg onload=window.__xss=1&gt; {{7*7}}';
const TEMPLATE_TAGS = ['!doctype', 'html', 'head', 'meta', 'title', 'body', 'p', 'a', 'br'];

/** The element names of every tag in an HTML document. */
const tagsOf = (html: string) =>
  new Set([...html.matchAll(/<\/?([!\w-]+)/g)].map((m) => m[1]!.toLowerCase()));

describe('the invitation', () => {
  const inviterEmail = "o'hara@example.com";
  const mail = invitationMail({
    to: 'ada@example.com',
    locale: 'en',
    appUrl,
    token: 'tok',
    teamName: `Acme ${HOSTILE}`,
    inviterEmail,
  });

  it('shows the team name and the inviter as text in the HTML part: nothing typed becomes markup', () => {
    expect(mail.html).toContain(
      `<p>o&#39;hara@example.com invited you to join the team &quot;Acme ${HOSTILE_AS_HTML}&quot; on Tessera.`,
    );
    expect(mail.html).toContain(`>Join Acme ${HOSTILE_AS_HTML}</a>`);
    expect(mail.html).toContain(`<title>You are invited to join Acme ${HOSTILE_AS_HTML} on Tessera</title>`);
    expect(tagsOf(mail.html)).toEqual(new Set(TEMPLATE_TAGS));
    expect(mail.html).toContain(`<a href="${appUrl}/tenants/invitations/tok/accept">`);
  });

  it('keeps the plain-text part plain: the payload as typed, not entity-encoded', () => {
    expect(mail.text).toContain(
      `o'hara@example.com invited you to join the team "Acme ${HOSTILE}" on Tessera.`,
    );
    expect(mail.text).toContain(`\n${appUrl}/tenants/invitations/tok/accept\n`);
    expect(mail.text).not.toContain('&');
    expect(mail.subject).toBe(`You are invited to join Acme ${HOSTILE} on Tessera`);
  });

  it('keeps the subject on one line whatever line breaks the team name holds', () => {
    const broken = invitationMail({
      to: 'ada@example.com',
      locale: 'en',
      appUrl,
      token: 'tok',
      teamName: 'Acme\r\nBcc: victim@example.com\r\n\r\n<b>body</b>\n\u2028\u0085\t\u0000x',
      inviterEmail,
    });
    expect(broken.subject).toBe(
      'You are invited to join Acme Bcc: victim@example.com <b>body</b> x on Tessera',
    );
    expect(broken.html).toContain('<title>You are invited to join Acme Bcc: victim@example.com &lt;b&gt;');
    expect(tagsOf(broken.html)).toEqual(new Set(TEMPLATE_TAGS));
  });
});

describe('the notice of an email change', () => {
  const mail = emailChangeNoticeMail({
    to: 'ada@example.com',
    locale: 'en',
    appUrl,
    newEmail: "o'hara@example.com",
  });

  it('names both addresses and says what to do if the change was not asked for', () => {
    expect(mail.to).toBe('ada@example.com');
    expect(mail.text).toContain("from ada@example.com to o'hara@example.com");
    expect(mail.text).toContain('If it was not you');
    expect(mail.text).toContain(`\n${appUrl}/forgot-password\n`);
    expect(mail.html).toContain('o&#39;hara@example.com');
    expect(tagsOf(mail.html)).toEqual(new Set(TEMPLATE_TAGS));
  });
});

// docs/contract.md section 4, Comfort: mail is written in the recipient's language.
describe('the German mails', () => {
  it('have every text the English ones have, taking the same values', () => {
    const shape = (catalogue: object): unknown =>
      Object.fromEntries(
        Object.entries(catalogue).map(([key, value]) => [
          key,
          typeof value === 'object'
            ? shape(value)
            : typeof value === 'function'
              ? `(${value.length})`
              : 'text',
        ]),
      );
    expect(shape(de)).toEqual(shape(en));
  });

  it('are written in German, with the same link and nothing typed becoming markup', () => {
    const mail = invitationMail({
      to: 'ada@example.com',
      locale: 'de',
      appUrl,
      token: 'tok',
      teamName: `Acme ${HOSTILE}`,
      inviterEmail: "o'hara@example.com",
    });
    expect(mail.subject).toBe(`Sie sind eingeladen, Acme ${HOSTILE} auf Tessera beizutreten`);
    expect(mail.html).toContain('<html lang="de">');
    expect(mail.html).toContain(
      `<a href="${appUrl}/tenants/invitations/tok/accept">Acme ${HOSTILE_AS_HTML} beitreten</a>`,
    );
    expect(tagsOf(mail.html)).toEqual(new Set(TEMPLATE_TAGS));
    expect(mail.text).toContain(`\n${appUrl}/tenants/invitations/tok/accept\n`);
  });

  it.each([
    [
      verificationMail({ to: 'a@example.com', locale: 'de', appUrl, token: 't' }),
      'Bestätigen Sie Ihre E-Mail-Adresse für Tessera',
    ],
    [
      passwordResetMail({ to: 'a@example.com', locale: 'de', appUrl, token: 't' }),
      'Setzen Sie Ihr Tessera-Passwort zurück',
    ],
    [
      securityNoticeMail({ to: 'a@example.com', locale: 'de', appUrl, notice: 'password changed' }),
      'Das Passwort Ihres Tessera-Kontos wurde geändert',
    ],
  ])('%# has its German subject, and no English sentence', (mail, subject) => {
    expect(mail.subject).toBe(subject);
    for (const english of [
      'If it was',
      'The link is valid',
      'If the link does not open',
      'by opening this link',
    ]) {
      expect(mail.text + mail.html).not.toContain(english);
    }
  });
});
