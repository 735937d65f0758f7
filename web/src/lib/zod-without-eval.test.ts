import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import '@/lib/zod-without-eval';

describe('zod without eval', () => {
  it('runs zod jitless, so it never tries new Function under the CSP', () => {
    // Guards a zod upgrade that moves its settings elsewhere: then this module would silently do nothing.
    expect(z.config().jitless).toBe(true);
  });
});
