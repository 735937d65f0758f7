// The unit suites beside a CPU hog on every core when TEST_CPU_HOG=1, as CI runs them (docs/decisions/018): the hog
// starts with the suites and stops with them, so that the browser suite after them in `npm test` runs on its own.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { availableParallelism } from 'node:os';

export default async function setup() {
  if (process.env.TEST_CPU_HOG !== '1') return;
  const hog = spawn('stress-ng', ['--cpu', String(availableParallelism()), '--quiet'], { stdio: 'inherit' });
  // A hog that cannot start fails the run: the suites would pass without proving anything.
  await Promise.race([once(hog, 'spawn'), once(hog, 'error').then(([error]) => Promise.reject(error))]);
  return async () => {
    hog.kill();
    await once(hog, 'exit');
  };
}
