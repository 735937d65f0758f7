// The DNS server the e2e server resolves domains through (DNS_SERVERS in playwright.config.ts): it answers a TXT
// question from the file of that name in E2E_DNS_DIR, one record a line, which a test writes to publish one
// (publishTxt in fixtures.ts). Started once for the run, so both browser workers share it.
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { startDnsStandIn } from '../server/test/dns-stand-in.ts';
import { dnsPort } from './playwright.config.ts';

export const dnsDir = () => process.env.E2E_DNS_DIR ?? path.join(import.meta.dirname, '../data/e2e-dns');

export default async function setup() {
  const dns = await startDnsStandIn({
    port: dnsPort,
    lookup: (name) => {
      // A name is a file of the records directory, never a path out of it.
      if (name.includes('/') || name.includes('..')) return [];
      try {
        return readFileSync(path.join(dnsDir(), name), 'utf8').split('\n').filter(Boolean);
      } catch {
        return [];
      }
    },
  });
  return () => dns.close();
}
