import { z } from 'zod';

const errorBodyShape = {
  /** A stable code, e.g. `invalid_period`, `usage_not_shared` (ApiError's `code`). */
  error: z.string(),
  /** What went wrong, naming the parameter or field. */
  message: z.string(),
};
/** Body of every error response of the reference server (shape "not shown" in the spec; see README Assumptions). */
export const ErrorBodySchema: z.ZodObject<typeof errorBodyShape, z.core.$strip> = z.object(errorBodyShape).meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
