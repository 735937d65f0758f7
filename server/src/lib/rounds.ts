// A background job that works in rounds (the mail outbox, webhook deliveries): one round every `pollIntervalMs`
// between start() and stop(), or at once when notified. A notify during a round makes it go round once more, so
// rounds never overlap and work queued meanwhile does not wait for the next poll.
import type { FastifyBaseLogger } from 'fastify';

export type Rounds = {
  /** Runs a round now, then one every poll until stop(). */
  start(): void;
  /** Runs a round at once rather than at the next poll (only while started). */
  notify(): void;
  /** Runs rounds until one finds nothing more wanted; joins a round under way. */
  drain(): Promise<void>;
  /** Stops polling; resolves once the round under way, if any, has finished. */
  stop(): Promise<void>;
  /** Whether stop() was called: a round's work ends early, handing back what it holds. */
  isStopped(): boolean;
  /**
   * `promise`'s outcome, or 'stopped' once stop() has been called and `graceMs` more have passed: a round waiting on
   * something slow stops waiting. Nothing of the wait outlives it (a race with one promise that lives as long as the
   * job would keep a reaction per wait).
   */
  orStop<T>(promise: Promise<T>, graceMs?: number): Promise<T | 'stopped'>;
};

export function rounds({
  work,
  pollIntervalMs,
  log,
  failure,
  onRound = () => {},
}: {
  /** One round's work. */
  work: () => Promise<void>;
  pollIntervalMs: number;
  log: FastifyBaseLogger;
  /** The log line of a round that failed (the database may be down: the next poll tries again). */
  failure: string;
  /** Told how each round ended (metrics). */
  onRound?: (outcome: 'ok' | 'failed') => void;
}): Rounds {
  // Idle: driven by drain() alone. Polling: between start() and stop(). Stopped: finishing the last round.
  let state: 'idle' | 'polling' | 'stopped' = 'idle';
  let round: Promise<void> | undefined;
  let isWanted = false;
  let timer: NodeJS.Timeout | undefined;
  const stopping = new AbortController();

  function schedule() {
    clearTimeout(timer);
    if (state === 'polling') timer = setTimeout(() => void drain(), pollIntervalMs).unref();
  }

  function drain(): Promise<void> {
    isWanted = true;
    round ??= (async () => {
      try {
        while (isWanted && state !== 'stopped') {
          isWanted = false;
          await work();
        }
        onRound('ok');
      } catch (error) {
        log.error({ err: error }, failure);
        onRound('failed');
      } finally {
        round = undefined;
        isWanted = false;
        schedule();
      }
    })();
    return round;
  }

  return {
    start() {
      state = 'polling';
      void drain();
    },
    notify() {
      if (state === 'polling') void drain();
    },
    drain,
    async stop() {
      state = 'stopped';
      stopping.abort();
      clearTimeout(timer);
      await round;
    },
    isStopped: () => state === 'stopped',
    orStop: (promise, graceMs = 0) =>
      new Promise((resolve, reject) => {
        let grace: NodeJS.Timeout | undefined;
        const onStop = () => (grace = setTimeout(() => resolve('stopped'), graceMs).unref());
        if (stopping.signal.aborted) onStop();
        else stopping.signal.addEventListener('abort', onStop, { once: true });
        promise.then(resolve, reject).finally(() => {
          stopping.signal.removeEventListener('abort', onStop);
          clearTimeout(grace);
        });
      }),
  };
}
