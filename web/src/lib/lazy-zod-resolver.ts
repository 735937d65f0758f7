/**
 * A react-hook-form resolver whose zod schema is fetched on demand. zod with the contract's schemas weighs about
 * 24 KB compressed, more than the signed-out pages can spare within their JavaScript budget
 * (e2e/tests/bundle-budget.spec.ts), so their forms fetch it after the page has rendered: the form starts loading it
 * once the browser is idle, and a validation that comes first waits for it. The messages are the schema's own,
 * exactly as with `zodResolver`.
 */
import { useEffect } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

type SchemaResolver<Schema extends z.ZodType<FieldValues, FieldValues>> = Resolver<
  z.input<Schema>,
  unknown,
  z.output<Schema>
>;

type LazyResolver<Schema extends z.ZodType<FieldValues, FieldValues>> = SchemaResolver<Schema> & {
  /** Starts fetching the schema; after a failed fetch the next validation tries again. */
  preload: () => Promise<void>;
};

/** `load` imports the module that holds the schema: `() => import('…').then((schemas) => schemas.xSchema)`. */
export function lazyZodResolver<Schema extends z.ZodType<FieldValues, FieldValues>>(
  load: () => Promise<Schema>,
): LazyResolver<Schema> {
  let loading: Promise<SchemaResolver<Schema>> | undefined;
  const loaded = () =>
    (loading ??= Promise.all([load(), import('@hookform/resolvers/zod')]).then(
      ([schema, { zodResolver }]) => zodResolver(schema) as SchemaResolver<Schema>,
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const resolver: SchemaResolver<Schema> = async (values, context, options) =>
    (await loaded())(values, context, options);
  // A failed preload is left to the validation that needs the schema: it fetches again and fails visibly.
  const preload = () =>
    loaded().then(
      () => undefined,
      () => undefined,
    );
  return Object.assign(resolver, { preload });
}

/** Returns the form's resolver, and preloads its schema once the page has rendered and the browser is idle. */
export function usePreloadedResolver<Schema extends z.ZodType<FieldValues, FieldValues>>(
  resolver: LazyResolver<Schema>,
): LazyResolver<Schema> {
  useEffect(() => {
    const preload = () => void resolver.preload();
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(preload, { timeout: 1000 });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(preload, 0);
    return () => clearTimeout(id);
  }, [resolver]);
  return resolver;
}
