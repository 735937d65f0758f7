import { describe, expect, it } from 'vitest';

import { passwordResetMail, verificationMail } from './mail.templates.ts';

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
])('$subject', ({ template, subject, path, validity }) => {
  it('carries the full link, with the token URL-encoded, in the text and the HTML', () => {
    const mail = template({ to: 'ada@example.com', appUrl, token: 'a+b/c=d&e f' });
    const link = `${appUrl}${path}?token=a%2Bb%2Fc%3Dd%26e%20f`;
    expect(mail).toMatchObject({ to: 'ada@example.com', subject });
    expect(mail.text).toContain(`\n${link}\n`);
    expect(mail.text).toContain(validity);
    expect(mail.text).toContain('Tessera');
    expect(mail.html).toContain(`<a href="${link}">`);
    expect(mail.html).toContain(validity);
  });

  it('escapes what it puts into the HTML', () => {
    const mail = template({ to: 'ada@example.com', appUrl: 'http://localhost:3000/a"b<i>', token: 't' });
    expect(mail.html).toContain('http://localhost:3000/a&quot;b&lt;i&gt;');
    expect(mail.html).not.toContain('<i>');
  });
});
