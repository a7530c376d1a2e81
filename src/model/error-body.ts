import { z } from 'zod';

/** Body of every error response of the reference server (shape "not shown" in the spec; see README Assumptions). */
export const ErrorBodySchema = z
  .object({ error: z.string(), message: z.string() })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
