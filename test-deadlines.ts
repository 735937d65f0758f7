// Deadlines for the test suites that scale with how busy the machine is (docs/decisions/018). A deadline only turns a
// hang into a failure, so it must never fail a test that is right but slow: on a laptop running other work, the same
// test takes several times as long as on an idle machine.

import { availableParallelism, loadavg } from 'node:os';

/** What the reference work takes on an idle two-core machine of this project's CI. */
const IDLE_MS = 20;

function referenceWork() {
  let x = 0;
  for (let i = 0; i < 2_000_000; i++) x = (x * 31 + i) | 0;
  return x;
}

/**
 * How many times slower than idle the machine runs right now, at least 1 (a fast machine keeps the base deadlines) and
 * at most 10: the larger of the median wall time of a fixed piece of CPU work against its idle time (a slow machine,
 * or a hog right now) and the runnable processes per core over the last minute (a sustained load, which a short
 * timing can miss: the scheduler favours a process that has just woken).
 */
function measureSlowdown(): number {
  referenceWork(); // compiled before it is timed
  const times = [0, 1, 2, 3, 4].map(() => {
    const start = performance.now();
    referenceWork();
    return performance.now() - start;
  });
  const median = times.sort((a, b) => a - b)[2]!;
  const loadPerCore = loadavg()[0]! / availableParallelism();
  return Math.min(10, Math.max(1, median / IDLE_MS, loadPerCore));
}

let slowdown = measureSlowdown();

/**
 * Measures again: each test file's setup calls it, so a file's deadlines follow the load of its own time even where
 * files share a worker's modules (the server suite, vitest.config.ts).
 */
export function remeasureSlowdown() {
  slowdown = measureSlowdown();
}

/** `ms` on an idle machine, stretched by the slowdown measured last. */
export const scaled = (ms: number) => Math.round(ms * slowdown);
