import { z } from 'zod';

/** Every error the API answers has this body (CONTRACT section 3). */
export const ErrorBodySchema = z.object({ detail: z.string() }).meta({ id: 'ErrorBody' });
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

export const UuidSchema = z.uuid();
