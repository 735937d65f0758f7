// The background jobs (mail, renewals, clean-up): started when the app is ready in the roles that run them
// (ROLE_DUTIES in config.ts), stopped before it closes. Each job is safe to run on every such instance at once.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export type Job = {
  start(): void;
  /** Resolves once the job has finished, or handed back, what it was doing. */
  stop(): Promise<void>;
};

declare module 'fastify' {
  interface FastifyInstance {
    jobs: { add(job: Job): void };
  }
}

export const jobsPlugin = fp(
  async (app: FastifyInstance) => {
    const jobs: Job[] = [];
    app.decorate('jobs', { add: (job: Job) => void jobs.push(job) });
    if (!app.config.duties.runsJobs) return;
    app.addHook('onReady', async () => {
      for (const job of jobs) job.start();
    });
    // preClose, not onClose: onClose hooks run last-registered first, so the database may already be closing.
    app.addHook('preClose', async () => {
      await Promise.all(jobs.map((job) => job.stop()));
    });
  },
  { name: 'jobs' },
);
