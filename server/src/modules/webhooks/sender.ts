// Sends one delivery attempt over HTTP(S): no redirect is followed (a 3xx is a failed attempt), the whole exchange
// times out, and at most a few KB of the answer are read.
import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';

/** The Standard Webhooks signature of a delivery: HMAC-SHA256 of `id.timestamp.body` with the secret's bytes. */
export function sign(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/** How long an attempt may take, from connecting to the answer's end (docs/contract.md section 4). */
export const ATTEMPT_TIMEOUT_MS = 10_000;
/** The most of an answer read: its status is what counts, and a receiver may send anything. */
const MAX_ANSWER_BYTES = 4096;

export type Attempt = { url: string; headers: Record<string, string>; body: string; signal: AbortSignal };
/** Posts an attempt; resolves with the answer's status, rejects when there is none (refused, timed out, aborted). */
export type Send = (attempt: Attempt) => Promise<number>;

export function createSender({
  lookup,
  timeoutMs = ATTEMPT_TIMEOUT_MS,
}: {
  /**
   * Production's check of every address connected to (url-safety.ts), which also sends only https; the system's
   * lookup and http too otherwise.
   */
  lookup?: LookupFunction | undefined;
  timeoutMs?: number;
}): { send: Send; close(): void } {
  // Kept-alive connections: a busy endpoint is not paid a handshake per delivery.
  const agents = {
    'http:': new http.Agent({ keepAlive: true, maxSockets: 32, ...(lookup ? { lookup } : {}) }),
    'https:': new https.Agent({ keepAlive: true, maxSockets: 32, ...(lookup ? { lookup } : {}) }),
  };
  const send: Send = ({ url, headers, body, signal }) =>
    new Promise((resolve, reject) => {
      const target = new URL(url);
      const agent = agents[target.protocol as keyof typeof agents];
      if (!agent || (lookup && target.protocol !== 'https:')) {
        return reject(new Error(`refused: ${target.protocol} is not sent to`));
      }
      const request = (target.protocol === 'https:' ? https : http).request(target, {
        method: 'POST',
        agent,
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
        signal,
      });
      const timer = setTimeout(
        () => request.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)),
        timeoutMs,
      );
      request.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      request.on('response', (response) => {
        let read = 0;
        const done = () => {
          clearTimeout(timer);
          resolve(response.statusCode ?? 0);
        };
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          // Enough: the rest is not read, and the connection is not kept.
          if (read > MAX_ANSWER_BYTES) {
            response.destroy();
            done();
          }
        });
        response.on('end', done);
        response.on('error', done);
      });
      request.end(body);
    });
  return {
    send,
    close() {
      agents['http:'].destroy();
      agents['https:'].destroy();
    },
  };
}
