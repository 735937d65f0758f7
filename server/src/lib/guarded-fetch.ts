// A fetch for addresses a team typed (its SSO provider's discovery, token and keys): the webhook sender's rules
// (url-safety.ts) in production, https only and connected only to public addresses, checked at connect; and
// everywhere, no redirect followed, the whole exchange within a time limit, at most `maxBytes` of an answer read.
import http from 'node:http';
import https from 'node:https';

import ipaddr from 'ipaddr.js';

import { isPublicAddress, publicOnlyLookup, type Resolve } from './url-safety.ts';

export type GuardedFetch = (
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown; signal?: AbortSignal | null },
) => Promise<Response>;

/** Redirects are answers like any other: the caller sees the 3xx and refuses it. */
const NO_BODY = new Set([101, 204, 205, 304]);

export function createGuardedFetch({
  publicOnly,
  resolve: resolveName,
  timeoutMs,
  maxBytes,
}: {
  /** Production: https only, to public addresses, a name's checked as it is connected to. */
  publicOnly: boolean;
  /** How names resolve (tests stand in for DNS). */
  resolve: Resolve;
  timeoutMs: number;
  maxBytes: number;
}): GuardedFetch {
  const lookup = publicOnly ? publicOnlyLookup(resolveName) : undefined;
  return (url, { method = 'GET', headers = {}, body, signal }) =>
    new Promise((resolve, reject) => {
      const target = new URL(url);
      if (target.protocol !== 'https:' && (publicOnly || target.protocol !== 'http:')) {
        return reject(new Error(`refused: ${target.protocol} is not fetched`));
      }
      // An address written out is connected to without a lookup: it is judged here instead.
      const host = target.hostname.replace(/^\[(.*)\]$/, '$1');
      if (publicOnly && ipaddr.isValid(host) && !isPublicAddress(host)) {
        return reject(new Error(`refused: ${host} is not a public address`));
      }
      const payload = body === undefined || body === null ? undefined : String(body);
      const request = (target.protocol === 'https:' ? https : http).request(target, {
        method,
        headers: {
          ...headers,
          ...(payload !== undefined && { 'content-length': Buffer.byteLength(payload) }),
        },
        ...(lookup && { lookup }),
        ...(signal && { signal }),
        agent: false,
      });
      const timer = setTimeout(
        () => request.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)),
        timeoutMs,
      );
      const fail = (error: Error) => {
        clearTimeout(timer);
        reject(error);
      };
      request.on('error', fail);
      request.on('response', (response) => {
        const chunks: Buffer[] = [];
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > maxBytes) response.destroy(new Error(`answer larger than ${maxBytes} bytes`));
          else chunks.push(chunk);
        });
        response.on('error', fail);
        response.on('end', () => {
          clearTimeout(timer);
          const status = response.statusCode ?? 0;
          const responseHeaders = new Headers();
          for (const [name, value] of Object.entries(response.headers)) {
            if (value === undefined) continue;
            for (const one of Array.isArray(value) ? value : [value]) responseHeaders.append(name, one);
          }
          try {
            resolve(
              new Response(NO_BODY.has(status) ? null : Buffer.concat(chunks), {
                status,
                headers: responseHeaders,
              }),
            );
          } catch (error) {
            reject(error as Error);
          }
        });
      });
      request.end(payload);
    });
}
