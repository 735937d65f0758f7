// Deadlines for the test suites that scale with how busy the machine is (docs/decisions/018). A deadline only turns a
// hang into a failure, so it must never fail a test that is right but slow: on a laptop running other work, the same
// test takes several times as long as on an idle machine.

/** What the reference work takes on an idle two-core machine of this project's CI. */
const IDLE_MS = 20;

function referenceWork() {
  let x = 0;
  for (let i = 0; i < 2_000_000; i++) x = (x * 31 + i) | 0;
  return x;
}

/**
 * How many times slower than idle the machine runs right now: the median wall time of a fixed piece of CPU work
 * against its idle time, at least 1 (a fast machine keeps the base deadlines) and at most 10.
 */
function measureSlowdown(): number {
  referenceWork(); // compiled before it is timed
  const times = [0, 1, 2].map(() => {
    const start = performance.now();
    referenceWork();
    return performance.now() - start;
  });
  const median = times.sort((a, b) => a - b)[1]!;
  return Math.min(10, Math.max(1, median / IDLE_MS));
}

/** Measured once per test file, as its setup runs. */
export const slowdown = measureSlowdown();

/** `ms` on an idle machine, stretched by the slowdown measured now. */
export const scaled = (ms: number) => Math.round(ms * slowdown);
