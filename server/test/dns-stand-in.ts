// A DNS server on a local port for the tests (dns2, a DNS server implementation): it answers TXT questions from the
// records a test publishes, and nothing else, as an authoritative server for the test's domains would.
import dns2 from 'dns2';

const { Packet } = dns2;

/**
 * `lookup`: where the records come from instead of `publish` (the browser suite's, from files its tests write);
 * `port`: a fixed one for a server configured before this starts.
 */
export async function startDnsStandIn({
  port = 0,
  lookup,
}: { port?: number; lookup?: (name: string) => string[] } = {}) {
  const records = new Map<string, string[]>();
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      for (const question of request.questions) {
        if (question.type !== Packet.TYPE.TXT) continue;
        const name = question.name.toLowerCase();
        for (const data of lookup ? lookup(name) : (records.get(name) ?? [])) {
          response.answers.push(Packet.createResourceFromQuestion(question, { ttl: 60, data }));
        }
      }
      void send(response);
    },
  });
  const { udp } = await server.listen({ udp: { port, address: '127.0.0.1' } });
  return {
    /** For DNS_SERVERS. */
    address: `127.0.0.1:${udp!.port}`,
    publish(name: string, value: string) {
      records.set(name, [...(records.get(name) ?? []), value]);
    },
    withdraw(name: string) {
      records.delete(name);
    },
    close: () => server.close(),
  };
}
