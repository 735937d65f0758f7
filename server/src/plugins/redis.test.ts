// A Redis outage is said once in the app's JSON log, not every reconnect on stderr (ioredis's default without a
// listener), and the rate limits go on counting meanwhile (auth.rate-limits.test.ts).
import { afterEach, expect, it, vi } from 'vitest';

import { buildTestApp, testConfig } from '../../test/helpers.ts';

afterEach(() => vi.restoreAllMocks());

it('logs an unreachable Redis once, in JSON, however often it reconnects', async () => {
  const stderr = vi.spyOn(console, 'error');
  const lines: string[] = [];
  // Nothing listens on port 1.
  const app = await buildTestApp({
    config: testConfig({ REDIS_URL: 'redis://127.0.0.1:1' }),
    logger: { level: 'info', stream: { write: (line) => void lines.push(line) } },
  });
  try {
    // (events.once would reject on the 'error' each failed attempt emits.)
    for (let attempt = 0; attempt < 3; attempt++)
      await new Promise((resolve) => app.redis!.once('reconnecting', resolve));
    const entries = lines.map((line) => JSON.parse(line) as { msg: string });
    expect(entries.filter((entry) => entry.msg.startsWith('Redis is unavailable'))).toHaveLength(1);
    expect(stderr).not.toHaveBeenCalled();
  } finally {
    await app.close();
  }
});
