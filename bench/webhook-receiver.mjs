// The benchmark's webhook receiver (bench/run.mjs): a process of its own, so what it counts is what reached another
// process over HTTP. Answers every POST 204 and counts it; GET /count says how many have arrived.
import http from 'node:http';

let received = 0;
const server = http.createServer((request, response) => {
  if (request.method === 'GET') return response.end(String(received));
  request.resume();
  request.on('end', () => {
    received += 1;
    response.writeHead(204).end();
  });
});
server.keepAliveTimeout = 30_000;
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
