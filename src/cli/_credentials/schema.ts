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
  /**
   * `gateway_url`: the gateway the key was checked with at `auth login` (absent in files of an
   * older svc, which then need SVC_GATEWAY_URL as before); `saved_at`: when (ISO 8601).
   */
  profiles: z.record(profileName, z.looseObject({ api_key: z.string().min(1), gateway_url: z.string().min(1).optional(), saved_at: z.string().optional() })),
  /** Absolute project folder → profile name. Pins hold no key, so none lands in a project. */
  pins: z.record(z.string(), profileName),
});

export type Credentials = z.infer<typeof CredentialsSchema>;

/**
 * A name → value table without a prototype: profile names and folders are data, so `toString`,
 * `valueOf` or `constructor` are names like any other, never Object.prototype's members.
 */
export function nameTable<V>(entries: Iterable<readonly [string, V]> = []): Record<string, V> {
  const table = Object.create(null) as Record<string, V>;
  for (const [name, value] of entries) table[name] = value;
  return table;
}

/** The saved profile called `name`, when there is one (an own entry of the table only). */
export function profileOf(credentials: Credentials, name: string): Credentials['profiles'][string] | undefined {
  return Object.hasOwn(credentials.profiles, name) ? credentials.profiles[name] : undefined;
}

/** `credentials` with its profiles and pins in prototype-free tables (what every reader and writer uses). */
export function withNameTables(credentials: Credentials): Credentials {
  return { ...credentials, profiles: nameTable(Object.entries(credentials.profiles)), pins: nameTable(Object.entries(credentials.pins)) };
}

export function emptyCredentials(): Credentials {
  return { version: 1, default: null, profiles: nameTable(), pins: nameTable() };
}
