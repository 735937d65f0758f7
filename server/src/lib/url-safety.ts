// Server-side request forgery (docs/contract.md section 4, Developer platform): in production a webhook goes only to
// public https addresses, checked when the endpoint is saved and again on every connection a delivery opens (a name
// may resolve elsewhere by then), so no team can make the server call its own network.
import { lookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';

import ipaddr from 'ipaddr.js';

import { AppError } from './app-error.ts';

export const NOT_PUBLIC = 'Webhook URLs must be public https addresses';

/** Every address a host name resolves to. */
export type Resolve = (hostname: string) => Promise<string[]>;

export const systemResolve: Resolve = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map(({ address }) => address);

/**
 * Whether an address is on the public internet: ipaddr.js's `unicast` is what no special range claims (loopback,
 * private, link-local, carrier-grade NAT, unique local, multicast, documentation, 6to4 and the rest); an IPv4 address
 * mapped into IPv6 is judged as itself.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  // IPv4-compatible IPv6 (::a.b.c.d, deprecated) is `unicast` to ipaddr.js, and may reach the IPv4 address.
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).parts.slice(0, 6).every((part) => part === 0))
    return false;
  return parsed.range() === 'unicast';
}

/** A URL's host as the resolver takes it: an IPv6 literal without its brackets. */
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/** Refuses (400) a URL that is not https, or whose host is or resolves to an address that is not public. */
export async function requirePublicHttps(url: string, resolve: Resolve): Promise<void> {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:') throw new AppError('BAD_REQUEST', NOT_PUBLIC, 'webhook_url_refused');
  const host = hostOf(parsed);
  const addresses = ipaddr.isValid(host) ? [host] : await resolve(host).catch(() => []);
  if (addresses.length === 0 || !addresses.every(isPublicAddress))
    throw new AppError('BAD_REQUEST', NOT_PUBLIC, 'webhook_url_refused');
}

/**
 * The `lookup` of a delivery's connection in production: resolves as `resolve` does and refuses the connection when
 * any address is not public, so the address checked is the address connected to.
 */
export function publicOnlyLookup(resolve: Resolve): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        const refused = addresses.find((address) => !isPublicAddress(address));
        if (addresses.length === 0 || refused !== undefined) {
          callback(new Error(`${hostname} resolves to ${refused ?? 'nothing'}, which is not public`), '', 4);
          return;
        }
        const family = (address: string) => (ipaddr.parse(address).kind() === 'ipv6' ? 6 : 4);
        if (options.all)
          callback(
            null,
            addresses.map((address) => ({ address, family: family(address) })),
          );
        else callback(null, addresses[0]!, family(addresses[0]!));
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 4),
    );
  };
}
