import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

import { lazyZodResolver, usePreloadedResolver } from './lazy-zod-resolver';

const schema = z.object({
  email: z.string().trim().min(1, 'Email is required'),
  password: z.string().min(1, 'Password is required'),
});
const options = { fields: {}, shouldUseNativeValidation: false };

describe('lazyZodResolver', () => {
  it("answers with the schema's own messages and output, as zodResolver does", async () => {
    const resolver = lazyZodResolver(() => Promise.resolve(schema));

    const invalid = await resolver({ email: ' ', password: '' }, undefined, options);
    expect(invalid.values).toEqual({});
    expect(invalid.errors).toMatchObject({
      email: { message: 'Email is required' },
      password: { message: 'Password is required' },
    });

    const valid = await resolver({ email: ' ada@example.com ', password: 'secret' }, undefined, options);
    expect(valid).toEqual({ values: { email: 'ada@example.com', password: 'secret' }, errors: {} });
  });

  it('loads the schema once, whether preloaded or first needed by a validation', async () => {
    const load = vi.fn(() => Promise.resolve(schema));
    const resolver = lazyZodResolver(load);
    expect(load).not.toHaveBeenCalled();

    await resolver.preload();
    await resolver({ email: 'a', password: 'b' }, undefined, options);
    await resolver({ email: '', password: '' }, undefined, options);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('fails the validation when the schema cannot be fetched, and fetches again the next time', async () => {
    const load = vi
      .fn<() => Promise<typeof schema>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(schema);
    const resolver = lazyZodResolver(load);

    await expect(resolver({ email: '', password: '' }, undefined, options)).rejects.toThrow(
      'Failed to fetch dynamically imported module',
    );
    const retried = await resolver({ email: '', password: '' }, undefined, options);
    expect(retried.errors).toMatchObject({ email: { message: 'Email is required' } });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('lets a failed preload go quietly: the validation that needs the schema fetches it again', async () => {
    const load = vi
      .fn<() => Promise<typeof schema>>()
      .mockRejectedValueOnce(new TypeError('offline'))
      .mockResolvedValue(schema);
    const resolver = lazyZodResolver(load);

    await expect(resolver.preload()).resolves.toBeUndefined();
    const result = await resolver({ email: 'a', password: 'b' }, undefined, options);
    expect(result.errors).toEqual({});
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('usePreloadedResolver', () => {
  it('starts loading the schema after the form has rendered, without a validation', async () => {
    const load = vi.fn(() => Promise.resolve(schema));
    const resolver = lazyZodResolver(load);

    const { result } = renderHook(() => usePreloadedResolver(resolver));
    expect(result.current).toBe(resolver);
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
  });
});
