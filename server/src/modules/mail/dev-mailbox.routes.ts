// The development mailbox: every mail the app wrote, as a page for people and as JSON for browser tests.
// Registered only outside production and without SMTP_URL (docs/contract.md section 3, Email).
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { OutboxRow } from '../../db/schema/outbox.ts';
import { route } from '../../plugins/route-scope.ts';
import { escapeHtml } from './escape-html.ts';
import { findRecentMail } from './mail.repository.ts';
import { LINK_PATTERN } from './mailer.ts';

/** Enough for any test run to find its mail, without a page that grows for ever. */
const SHOWN_MAILS = 100;

/** The mailbox as JSON, for browser tests. */
const mailboxJson: FastifyPluginAsyncZod = async (app) => {
  // Hidden from the OpenAPI document: this is a development tool, not part of the API.
  route(
    app,
    'getDevMailbox',
    async (_request, reply) => {
      const mails = await findRecentMail(app.database.db, SHOWN_MAILS);
      return reply.header('cache-control', 'no-store').send(
        mails.map((mail) => ({
          id: mail.id,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          created_at: mail.createdAt.toISOString(),
          sent_at: mail.sentAt?.toISOString() ?? null,
        })),
      );
    },
    { schema: { hide: true } },
  );
};

export async function devMailboxRoutes(app: FastifyInstance) {
  await app.register(mailboxJson, { prefix: '/api' });

  app.get('/dev/mailbox', { schema: { hide: true } }, async (_request, reply) => {
    const mails = await findRecentMail(app.database.db, SHOWN_MAILS);
    return reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(renderMailbox(mails));
  });
}

// Plain markup and one <style> element: the page passes the app's CSP, which allows no inline script.
function renderMailbox(mails: OutboxRow[]): string {
  const items = mails.map(
    (mail) => `<article>
<h2>${escapeHtml(mail.subject)}</h2>
<dl>
<dt>To</dt><dd>${escapeHtml(mail.to)}</dd>
<dt>Written</dt><dd>${renderTime(mail.createdAt)}</dd>
<dt>Delivered</dt><dd>${mail.sentAt ? renderTime(mail.sentAt) : 'not yet'}</dd>
</dl>
<pre>${linkify(mail.text)}</pre>
</article>`,
  );
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev mailbox · Tessera</title>
<style>
body { font-family: system-ui, sans-serif; margin: 0 auto; max-width: 48rem; padding: 1rem; color: #1f2937; }
article { border: 1px solid #d1d5db; border-radius: 0.5rem; margin: 1rem 0; padding: 0 1rem; }
h2 { font-size: 1.125rem; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; margin: 0; }
dt { font-weight: 600; }
dd { margin: 0; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; font-size: 0.875rem; }
a { color: #1d4ed8; }
</style>
</head>
<body>
<main>
<h1>Dev mailbox</h1>
<p>Mail written by this Tessera server, newest first. This page does not exist in production.</p>
${items.length > 0 ? items.join('\n') : '<p>No mail yet.</p>'}
</main>
</body>
</html>
`;
}

function renderTime(date: Date): string {
  const iso = date.toISOString();
  return `<time datetime="${iso}">${iso.slice(0, 19).replace('T', ' ')} UTC</time>`;
}

/** Escapes the text and turns its links into anchors; only http(s) links match, so no javascript: URLs. */
function linkify(text: string): string {
  let html = '';
  let rest = 0;
  for (const match of text.matchAll(LINK_PATTERN)) {
    const link = escapeHtml(match[0]);
    html += `${escapeHtml(text.slice(rest, match.index))}<a href="${link}">${link}</a>`;
    rest = match.index + match[0].length;
  }
  return html + escapeHtml(text.slice(rest));
}
