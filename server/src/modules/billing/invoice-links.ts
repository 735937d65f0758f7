// Short-lived links to a local invoice's PDF. The page opens them in a new tab, which cannot send the bearer header,
// so the link itself carries the proof: a JWT naming the invoice and its team, valid for a few minutes.
import { createHmac } from 'node:crypto';

import { jwtVerify, SignJWT } from 'jose';

import type { Clock } from '../../lib/clock.ts';

const AUDIENCE = 'invoice-pdf';
const INVOICE_LINK_TTL_SECONDS = 300;

export type InvoiceLinks = {
  /** The app path that serves the PDF, with its token. */
  create(invoice: { uuid: string; tenantId: string }): Promise<string>;
  /** The invoice's team when the token is ours, unexpired and for this invoice; null otherwise. */
  verify(invoiceId: string, token: string): Promise<{ tenantId: string } | null>;
};

export function createInvoiceLinks({ secret, clock }: { secret: string; clock: Clock }): InvoiceLinks {
  // A key of its own, derived from the app secret, so an access token can never pass for a link or the reverse.
  const key = createHmac('sha256', secret).update('tessera invoice links').digest();
  return {
    async create({ uuid, tenantId }) {
      const iat = Math.floor(clock.now().getTime() / 1000);
      const token = await new SignJWT({ tid: tenantId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setAudience(AUDIENCE)
        .setSubject(uuid)
        .setIssuedAt(iat)
        .setExpirationTime(iat + INVOICE_LINK_TTL_SECONDS)
        .sign(key);
      return `/api/payments/invoices/${uuid}/pdf?token=${token}`;
    },
    async verify(invoiceId, token) {
      try {
        const { payload } = await jwtVerify<{ tid?: unknown }>(token, key, {
          algorithms: ['HS256'],
          audience: AUDIENCE,
          subject: invoiceId,
          currentDate: clock.now(),
          requiredClaims: ['sub', 'exp', 'iat'],
        });
        return typeof payload.tid === 'string' ? { tenantId: payload.tid } : null;
      } catch {
        return null;
      }
    },
  };
}
