// The DNS lookup that verifies a team's domain (docs/contract.md section 4, Enterprise identity): the resolvers of
// DNS_SERVERS, or the system's; 5 s and one try per lookup.
import { Resolver } from 'node:dns/promises';

const LOOKUP_TIMEOUT_MS = 5_000;

/** The TXT records at `name`, each joined from its strings; none when the name or its records do not exist. */
export type TxtLookup = (name: string) => Promise<string[]>;

export function txtLookup(servers: string[] | undefined): TxtLookup {
  const resolver = new Resolver({ timeout: LOOKUP_TIMEOUT_MS, tries: 1 });
  if (servers) resolver.setServers(servers);
  return async (name) => {
    try {
      return (await resolver.resolveTxt(name)).map((strings) => strings.join(''));
    } catch (error) {
      // No such name, no TXT records at it, or no answer in time: the record is not there, as far as anyone can tell.
      if (error instanceof Error && 'code' in error) return [];
      throw error;
    }
  };
}
