// A local receiver of webhook deliveries for the tests: records every request whole, answers as the test says, and
// verifies nothing itself (the tests verify each delivery with the `standardwebhooks` library).
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Received = { headers: http.IncomingHttpHeaders; body: string; path: string };
type Answer = (
  request: Received,
) => { status: number; headers?: Record<string, string>; body?: string } | 'hang';

export async function startReceiver(answer: Answer = () => ({ status: 204 })) {
  const received: Received[] = [];
  const waiting = new Set<() => void>();
  let respond = answer;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry = {
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
        path: request.url ?? '',
      };
      received.push(entry);
      for (const wake of waiting) wake();
      const reply = respond(entry);
      // A receiver that never answers: the connection stays open until the sender gives up.
      if (reply === 'hang') return;
      response.writeHead(reply.status, reply.headers).end(reply.body);
    });
  });
  // Every connection opened to it, a request on it or not.
  let connections = 0;
  server.on('connection', () => connections++);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    received,
    connections: () => connections,
    /** Answers from now on as `next` says. */
    answerWith(next: Answer) {
      respond = next;
    },
    /** Resolves once `count` requests have arrived in all. */
    async waitFor(count: number) {
      while (received.length < count) await new Promise<void>((resolve) => waiting.add(resolve));
      return received.slice(0, count);
    },
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
