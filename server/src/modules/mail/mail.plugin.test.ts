import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import {
  buildTestApp,
  createTeam,
  inTenant,
  registerUser,
  type TestApp,
  testConfig,
  uniqueEmail,
} from '../../../test/helpers.ts';
import { outbox } from '../../db/schema/outbox.ts';
import {
  headerOf,
  type LocalSmtpServer,
  partOf,
  plainTextOf,
  startLocalSmtpServer,
} from '../../../test/local-smtp-server.ts';
import { enqueueMail } from './mail.repository.ts';
import { passwordResetMail, verificationMail } from './mail.templates.ts';

type LogLine = { msg: string; mailId?: string; to?: string; subject?: string; links?: string[] };

/** The app's log lines as they come, and a way to wait for one without sleeping. */
function logCapture() {
  const lines: LogLine[] = [];
  let waiters: { test: (line: LogLine) => boolean; resolve: (line: LogLine) => void }[] = [];
  return {
    logger: {
      level: 'info',
      stream: {
        write(raw: string) {
          const line = JSON.parse(raw) as LogLine;
          lines.push(line);
          const matched = waiters.filter((waiter) => waiter.test(line));
          waiters = waiters.filter((waiter) => !matched.includes(waiter));
          for (const waiter of matched) waiter.resolve(line);
        },
      },
    },
    next: (test: (line: LogLine) => boolean) =>
      new Promise<LogLine>((resolve) => {
        const seen = lines.find(test);
        if (seen) resolve(seen);
        else waiters.push({ test, resolve });
      }),
  };
}

describe('without SMTP_URL, in development', () => {
  const log = logCapture();
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ logger: log.logger });
    await app.ready();
  });
  afterAll(() => app.close());

  it('keeps the mail, logs its links and lists it at /api/dev/mailbox, newest first', async () => {
    const to = 'dev-list@example.com';
    // A minute older: PGlite's clock ticks in milliseconds, and two mails in one tick have no order.
    await app.database.db.insert(outbox).values({
      ...verificationMail({ to, locale: 'en', appUrl: app.config.appUrl, token: 'first' }),
      createdAt: new Date(Date.now() - 60_000),
    });
    await enqueueMail(
      app.database.db,
      passwordResetMail({ to, locale: 'en', appUrl: app.config.appUrl, token: 'second' }),
    );
    const resetLink = `${app.config.appUrl}/reset-password?token=second`;
    app.mail.notify();

    const logged = await log.next(
      (line) =>
        line.msg === 'mail kept in the dev mailbox' &&
        line.to === to &&
        line.subject === 'Reset your Tessera password',
    );
    expect(logged.links).toEqual([resetLink]);
    // The link is logged while delivering; the row is marked sent just after.
    const [reset] = await app.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, to), eq(outbox.subject, 'Reset your Tessera password')));
    await log.next((line) => line.msg === 'mail delivered' && line.mailId === reset!.id);

    const response = await app.inject({ method: 'GET', url: '/api/dev/mailbox' });
    expect(response.statusCode).toBe(200);
    const mails = response.json() as Record<string, unknown>[];
    expect(mails.slice(0, 2)).toEqual([
      {
        id: expect.any(String),
        to,
        subject: 'Reset your Tessera password',
        text: expect.stringContaining(resetLink),
        html: expect.stringContaining(resetLink),
        created_at: expect.any(String),
        sent_at: expect.any(String),
      },
      expect.objectContaining({ to, subject: 'Verify your Tessera email', sent_at: expect.any(String) }),
    ]);
  });

  it('shows the mail at /dev/mailbox as a plain page with its links clickable and everything escaped', async () => {
    const link = `${app.config.appUrl}/verify-email?token=abc`;
    await enqueueMail(app.database.db, {
      to: 'dev-page@example.com',
      subject: '<script>alert(1)</script> & more',
      text: `Open ${link} now. <b>not bold</b>`,
      html: '<p>unused</p>',
    });

    const response = await app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    const page = response.body;
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; more');
    expect(page).toContain(`Open <a href="${link}">${link}</a> now. &lt;b&gt;not bold&lt;/b&gt;`);
    expect(page).toContain('dev-page@example.com');
    // What the CSP forbids: script of any kind, and style attributes.
    expect(page).not.toMatch(/<script|\son\w+=|style=/i);
    expect(page.indexOf('dev-page@example.com')).toBeLessThan(page.indexOf('dev-list@example.com'));
  });
});

describe('the dev mailbox', () => {
  it.each([
    ['when SMTP_URL is set', { SMTP_URL: 'smtp://127.0.0.1:1' }],
    // Anyone who can reach the port would read every reset link.
    ['when the app listens on every address', { HOST: '0.0.0.0' }],
    ['when the app listens on every IPv6 address', { HOST: '::' }],
    ['when the app listens on a public address', { HOST: '192.0.2.10' }],
  ])('does not exist %s', async (_, env) => {
    const app = await buildTestApp({ config: testConfig(env) });
    try {
      for (const url of ['/dev/mailbox', '/api/dev/mailbox']) {
        expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404);
      }
    } finally {
      await app.close();
    }
  });
});

it.each(['127.0.0.1', '::1', 'localhost'])(
  'the dev mailbox is served on the loopback bind %s',
  async (host) => {
    const app = await buildTestApp({ config: testConfig({ HOST: host }) });
    try {
      expect((await app.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  },
);

describe('with SMTP_URL', () => {
  let smtp: LocalSmtpServer;
  let app: TestApp;
  beforeAll(async () => {
    smtp = await startLocalSmtpServer();
    app = await buildTestApp({
      config: testConfig({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'no-reply@tessera.test' }),
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  it('sends the mail over SMTP as soon as it is announced', async () => {
    const to = 'smtp@example.com';
    await enqueueMail(
      app.database.db,
      passwordResetMail({ to, locale: 'en', appUrl: app.config.appUrl, token: 'tok' }),
    );
    app.mail.notify();

    await smtp.waitForMails(1);
    const [message] = smtp.received;
    expect(message!.envelopeTo).toEqual([to]);
    expect(headerOf(message!.raw, 'From')).toBe('no-reply@tessera.test');
    expect(headerOf(message!.raw, 'Subject')).toBe('Reset your Tessera password');
    expect(plainTextOf(message!.raw)).toContain(`${app.config.appUrl}/reset-password?token=tok`);
  });

  it('sends an invitation to a hostile team name as one Subject line, escaped HTML and plain text', async () => {
    // Through the API, as a user would: an inviter whose address has an apostrophe, a team name with markup,
    // template syntax and CR/LF (the API takes any characters; the web form is one line).
    const inviter = await registerUser(app, `o'hara-${Date.now()}@example.com`);
    const teamName =
      'Acme\r\nBcc: victim@example.com\r\n\r\n<img src=x onerror="window.__xss=1"> <script>x</script> {{7*7}}';
    const team = await createTeam(app, inviter, teamName);
    const invitee = uniqueEmail();
    const invited = await app.inject({
      method: 'POST',
      url: '/api/invite',
      headers: inTenant(inviter.access_token, team.uuid),
      payload: { email: invitee, role: 'member' },
    });
    expect(invited.statusCode).toBe(201);

    const message = await vi.waitFor(() => {
      const found = smtp.received.find((mail) => mail.envelopeTo.includes(invitee));
      if (!found) throw new Error(`no mail to ${invitee} yet`);
      return found;
    });
    expect(message.envelopeTo).toEqual([invitee]);
    const head = message.raw.slice(0, message.raw.indexOf('\r\n\r\n'));
    // Unfolded, every header is one line: exactly one Subject, and nothing the team name tried to add.
    const headers = head.replace(/\r\n(?=[ \t])/g, '').split('\r\n');
    expect(headers.filter((line) => /^subject:/i.test(line)).map(decodeWords)).toEqual([
      'Subject: You are invited to join Acme Bcc: victim@example.com <img src=x onerror="window.__xss=1"> ' +
        '<script>x</script> {{7*7}} on Tessera',
    ]);
    expect(headers.filter((line) => /^bcc:/i.test(line))).toEqual([]);

    const escapedName =
      'Acme\r\nBcc: victim@example.com\r\n\r\n&lt;img src=x onerror=&quot;window.__xss=1&quot;&gt; ' +
      '&lt;script&gt;x&lt;/script&gt; {{7*7}}';
    const html = partOf(message.raw, 'text/html');
    expect(html).toContain(
      `<p>${inviter.email.replace("'", '&#39;')} invited you to join the team &quot;${escapedName}&quot;`,
    );
    expect(html).not.toMatch(/<(img|script|svg)\b/i);
    expect(plainTextOf(message.raw)).toContain(
      `${inviter.email} invited you to join the team "${teamName}" on Tessera.`,
    );
  });
});

/** A header line with its RFC 2047 encoded-words (which nodemailer uses for punctuation) decoded. */
function decodeWords(line: string): string {
  return line.replace(/=\?UTF-8\?([QB])\?([^?]*)\?=(?:\s+(?==\?))?/gi, (_, encoding: string, word: string) =>
    encoding.toUpperCase() === 'B'
      ? Buffer.from(word, 'base64').toString('utf8')
      : Buffer.from(
          word
            .replace(/_/g, ' ')
            .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8'),
  );
}
