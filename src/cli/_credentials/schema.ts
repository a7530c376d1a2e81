import { z } from 'zod';

/** A profile name: safe in a table and a file, e.g. `default`, `work`, `client-a`. */
export const profileName = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'expected letters, digits, ".", "_" or "-" (at most 64)');

/**
 * What `credentials.json` holds: saved keys by profile name, the default, and project pins.
 * Fields this version does not know (written by a newer `svc`, or by hand) are kept on save.
 */
export const CredentialsSchema = z.looseObject({
  version: z.literal(1),
  /** Name of the default profile, or null when none is chosen. */
  default: profileName.nullable(),
  profiles: z.record(profileName, z.looseObject({ api_key: z.string().min(1) })),
  /** Absolute project folder → profile name. Pins hold no key, so none lands in a project. */
  pins: z.record(z.string(), profileName),
});

export type Credentials = z.infer<typeof CredentialsSchema>;

export function emptyCredentials(): Credentials {
  return { version: 1, default: null, profiles: {}, pins: {} };
}
