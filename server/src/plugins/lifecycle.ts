// An instance's way out (docs/contract.md section 5): on SIGTERM it stops being ready at once, so a proxy or an
// orchestrator sends it no new work, while it still serves what arrives for SHUTDOWN_DRAIN_SECONDS (main.ts).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: {
      /** True from the stop signal on: readiness answers 503. */
      readonly isDraining: boolean;
      drain(): void;
    };
  }
}

export const lifecyclePlugin = fp(
  async (app: FastifyInstance) => {
    let isDraining = false;
    app.decorate('lifecycle', {
      get isDraining() {
        return isDraining;
      },
      drain: () => {
        isDraining = true;
      },
    });
    // A client (or proxy) keeping its connection open would otherwise send its next request just as the listener
    // closes; closing each connection after its answer makes it open a new one, to an instance that is staying.
    // A callback hook, not an async one: it runs on every answer, and awaits nothing.
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (isDraining) reply.header('connection', 'close');
      done(null, payload);
    });
  },
  { name: 'lifecycle' },
);
